/**
 * The languages the site itself speaks (its labels, not its posts: languages.ts), and how a
 * request's is chosen. A visitor's choice is kept in the `lang` cookie, like the theme
 * (page.ts, THEME_COOKIE): one of three values shared by everyone who chose it, so it
 * identifies no one. Without a choice the browser's `Accept-Language` decides, and English
 * when it names none of ours. The language is fixed for a page's life: choosing another
 * reloads the page, so the server draws it and the app takes it over in the same language.
 */

/** The site's languages, English (the catalogues' source) first. */
export const SITE_LOCALES = ['en', 'es', 'ar'] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];

/** The cookie that keeps a visitor's choice of language. */
export const LANG_COOKIE = 'lang';

/** Each language named in itself, for the language menu. */
export const LOCALE_NAMES: Readonly<Record<SiteLocale, string>> = {
  en: 'English',
  es: 'Español',
  ar: 'العربية',
};

export function isSiteLocale(value: string): value is SiteLocale {
  return (SITE_LOCALES as readonly string[]).includes(value);
}

/** The writing direction of a site language. */
export function localeDirection(locale: SiteLocale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** The language chosen in a Cookie header, or null when there is none (or it is not valid). */
export function chosenLocale(cookieHeader: string | undefined): SiteLocale | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value = ''] = part.trim().split('=');
    if (name === LANG_COOKIE && isSiteLocale(value)) return value;
  }
  return null;
}

/**
 * The best of our languages for an `Accept-Language` header (RFC 9110 §12.5.4): the
 * highest q-value wins, the earlier on a tie; a regional tag counts for its language
 * (`es-MX` is Spanish, `ar-EG` Arabic); `*` (any) stands for English; languages we lack count
 * for nothing; q=0 refuses. Null when the header names none of ours, or is longer than
 * anyone's would be. The API's messages read the header the same way
 * (apps/server/src/lib/accept-language.ts).
 */
export function negotiateLocale(acceptLanguage: string | undefined): SiteLocale | null {
  if (acceptLanguage === undefined || acceptLanguage.length > 1024) return null;
  let best: { locale: SiteLocale; q: number } | null = null;
  for (const part of acceptLanguage.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const code = tag.trim().toLowerCase().split('-')[0] ?? '';
    const primary = code === '*' ? 'en' : code;
    if (!isSiteLocale(primary)) continue;
    const qParam = params.find((p) => /^\s*q\s*=/i.test(p));
    // A malformed weight ("q=abc") counts as a refusal rather than as the default 1.
    const q = qParam === undefined ? 1 : Number(qParam.split('=')[1]?.trim() || Number.NaN);
    if (!(q > 0 && q <= 1)) continue;
    if (best === null || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? null;
}

/** A request's language: the visitor's choice, else the browser's, else English. */
export function requestLocale(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): SiteLocale {
  return chosenLocale(cookieHeader) ?? negotiateLocale(acceptLanguage) ?? 'en';
}
