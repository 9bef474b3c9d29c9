/**
 * The languages a question can be written in, as far as the server can tell (it detects the
 * language of a question's text when it is posted and edited, apps/server/src/lib/
 * content-language.ts), and the feed's filter by them. Posts are never translated: the
 * language is a label and a filter. A question whose language could not be told (a short
 * text, a mix, a language not listed) has none, and is listed whatever the filter.
 */

/** BCP 47 primary language codes, the site's own languages first. */
export const CONTENT_LANGUAGES = [
  'en',
  'es',
  'ar',
  'de',
  'fr',
  'it',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sv',
  'tr',
  'uk',
  'fa',
  'hi',
  'id',
  'ur',
  'vi',
] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The filter's value that lists every language. */
export const ALL_LANGUAGES = 'all';

export function isContentLanguage(value: string): value is ContentLanguage {
  return (CONTENT_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Reads the feed's `language` filter: `es,en` gives its codes (lower-cased, each once, in
 * order), `all` gives 'all', empty gives undefined (no filter); null when a value is not a
 * known code.
 */
export function readLanguageFilter(
  raw: string,
): readonly ContentLanguage[] | typeof ALL_LANGUAGES | undefined | null {
  const codes = [
    ...new Set(
      raw
        .toLowerCase()
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
  if (codes.join() === ALL_LANGUAGES) return ALL_LANGUAGES;
  if (codes.length === 0) return undefined;
  return codes.every(isContentLanguage) ? codes : null;
}

/**
 * The feed's languages when the visitor chose none: the page's language plus English
 * (questions of unknown language are listed too). The web app sends it explicitly, so the
 * API's own default stays "every language" and a list's address alone says what it holds.
 */
export function defaultFeedLanguages(pageLanguage: string): string {
  const primary = pageLanguage.split('-')[0] as string;
  return primary === 'en' || !isContentLanguage(primary) ? 'en' : `${primary},en`;
}
