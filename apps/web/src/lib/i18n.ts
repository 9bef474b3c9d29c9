/**
 * The active language's messages, through Lingui's runtime (@lingui/core, about 2 KB): it
 * interpolates the catalogues compiled at build time (build/lingui-catalogues.ts). English is
 * the source and ships with the app; Spanish and Arabic are lazy chunks, and a page fetches
 * only its own (the server preloads it). The language is fixed for a page's life: main.tsx
 * loads and activates the page's language before the app first renders, and the server's
 * drawing (entry-server.tsx) activates each request's around its render.
 */
import type { SiteLocale } from '@dating/contract';
import { type Messages, setupI18n } from '@lingui/core';
import type { Catalogue } from '../locales/catalogue.ts';
import en from '../locales/en.ts';

// The catalogue modules hold compiled messages once built (their source's type says string).
const compiled = (catalogue: Catalogue) => catalogue as unknown as Messages;

export const i18n = setupI18n({ locale: 'en', messages: { en: compiled(en) } });

/** The other languages' catalogues, each a chunk of its own. */
const LAZY: Record<Exclude<SiteLocale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  es: () => import('../locales/es.ts'),
  ar: () => import('../locales/ar.ts'),
};

const loaded = new Set<SiteLocale>(['en']);

/** Fetches `locale`'s catalogue, once. */
export async function loadLocale(locale: SiteLocale): Promise<void> {
  if (locale === 'en' || loaded.has(locale)) return;
  const { default: catalogue } = await LAZY[locale]();
  i18n.load(locale, compiled(catalogue));
  loaded.add(locale);
}

/** Makes `locale` (loaded by loadLocale) the language every message is read in. */
export function activateLocale(locale: SiteLocale): void {
  if (!loaded.has(locale)) throw new Error(`the ${locale} catalogue is not loaded`);
  if (i18n.locale !== locale) i18n.activate(locale);
}

/** The language messages are read in now. */
export function activeLocale(): SiteLocale {
  return i18n.locale as SiteLocale;
}
