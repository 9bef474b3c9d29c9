/**
 * Which of the site's languages a request's API messages are in: the page's own reading of
 * `Accept-Language` (the contract's `negotiateLocale`: highest q-value, region subtags
 * ignored, `*` as English), English when the header is absent or names none of them. The
 * page adds the `lang` cookie to it (`requestLocale`); an API message follows the header
 * alone, which every client sends.
 */
import { negotiateLocale, type SiteLocale } from '@dating/contract';

export type MessageLanguage = SiteLocale;

export function messageLanguage(header: string | string[] | undefined): MessageLanguage {
  const value = Array.isArray(header) ? header.join(',') : header;
  return negotiateLocale(value) ?? 'en';
}
