/**
 * The active language's messages, through Lingui's runtime (@lingui/core, about 2 KB): it
 * interpolates the catalogues compiled at build time (build/lingui-catalogues.ts). Every
 * language's catalogue, English's too, is a lazy chunk, and a page fetches only its own (the
 * server preloads it). The language is fixed for a page's life: main.tsx loads and activates
 * the page's language before the app first renders, and the server's drawing
 * (entry-server.tsx) activates each request's around its render.
 *
 * Besides the main catalogue (src/locales/{en,es,ar}.ts, the labels of every screen), a screen
 * that loads on demand may carry a domain catalogue of its own (src/locales/<domain>/), which
 * its lazy import loads beside its code (`withCatalogues`), so the first load does not carry
 * its words. A domain's keys are read as `<domain>.<key>` (`textOf`), so they never meet
 * another catalogue's.
 */
import type { SiteLocale } from '@dating/contract';
import { type Messages, setupI18n, type Values } from '@lingui/core';

// English is active from the start, with no messages until its catalogue has come: should
// it never come, a label reads as its key rather than throwing.
export const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

/** One language's catalogue module (its source's type says strings; built, it is compiled). */
type CatalogueModule = Promise<{ default: object }>;

/** A catalogue's modules, one per language, each a chunk of its own. */
export type CatalogueLoaders = Readonly<Record<SiteLocale, () => CatalogueModule>>;

/** A domain catalogue: its name (its keys' prefix) and its modules. */
export interface Domain {
  readonly name: string;
  readonly loaders: CatalogueLoaders;
}

/** The main catalogue: the labels of every screen (lib/messages.ts reads it). */
const MAIN: Domain = {
  name: '',
  loaders: {
    en: () => import('../locales/en.ts'),
    es: () => import('../locales/es.ts'),
    ar: () => import('../locales/ar.ts'),
  },
};

/** A domain catalogue, named `name` (a key prefix no other domain uses). */
export function domain(name: string, loaders: CatalogueLoaders): Domain {
  return { name, loaders };
}

/** Each catalogue in each language, once fetched (or being fetched), by `locale/domain`. */
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Fetches `locale`'s catalogue of `catalogue` (the main one by default), once. */
export function loadLocale(locale: SiteLocale, catalogue: Domain = MAIN): Promise<void> {
  const id = `${locale}/${catalogue.name}`;
  let done = loading.get(id);
  if (done === undefined) {
    done = catalogue.loaders[locale]().then(({ default: messages }) => {
      const prefix = catalogue.name === '' ? '' : `${catalogue.name}.`;
      // A copy, keys prefixed: Lingui merges into the first object loaded for a language.
      const entries = Object.entries(messages).map(([key, value]) => [prefix + key, value]);
      i18n.load(locale, Object.fromEntries(entries) as Messages);
      loaded.add(id);
    });
    // A failed fetch is tried again by the next call.
    loading.set(id, done);
    done.catch(() => loading.delete(id));
  }
  return done;
}

/**
 * `module` once it and the active language's catalogue of each of `domains` have come,
 * fetched side by side: a lazy screen's or component's import, so that it draws in one go.
 */
export async function withCatalogues<M>(module: Promise<M>, ...domains: Domain[]): Promise<M> {
  const locale = activeLocale();
  const [loadedModule] = await Promise.all([
    module,
    ...domains.map((catalogue) => loadLocale(locale, catalogue)),
  ]);
  return loadedModule;
}

/**
 * The locale Intl is given: Arabic with Latin digits (`nu-latn`). The posts' own numbers are
 * written in Latin digits, and engines differ on 'ar' alone (older ICU data gives Arabic-Indic
 * digits, newer Latin): pinned, a page reads the same on every browser and on the server.
 * Lingui formats the catalogues' counts (`#`, `{n, number}`) in it too, so Arabic's counts
 * read "12,345": Latin digits, Arabic's grouping.
 */
export function intlLocale(locale: SiteLocale): string {
  return locale === 'ar' ? 'ar-u-nu-latn' : locale;
}

/** Makes `locale` the language messages are read in, and its Intl locale the one they format in. */
function activate(locale: SiteLocale): void {
  if (i18n.locale !== locale) i18n.activate(locale, [intlLocale(locale)]);
}

/** Makes `locale` (loaded by loadLocale) the language every message is read in. */
export function activateLocale(locale: SiteLocale): void {
  if (!loaded.has(`${locale}/`)) throw new Error(`the ${locale} catalogue is not loaded`);
  activate(locale);
}

/**
 * Makes `locale` the page's language before its catalogue has come (main.tsx, which reads no
 * message until it has awaited loadLocale): the screens loaded meanwhile (`withCatalogues`)
 * then fetch their catalogues in it, side by side with the main one.
 */
export function choosePageLocale(locale: SiteLocale): void {
  activate(locale);
}

/** The language messages are read in now. */
export function activeLocale(): SiteLocale {
  return i18n.locale as SiteLocale;
}

/** Each message's values from its positional parameters, for the messages that take any. */
type ParamsOf<Key extends string> = { readonly [K in Key]?: (...args: never[]) => Values };

/** Each message of a catalogue: a string, or a function of its values for those taking any. */
export type TextOf<Key extends string, Params extends ParamsOf<Key>> = {
  readonly [K in Key]: K extends keyof Params
    ? Params[K] extends (...args: infer A) => Values
      ? (...args: A) => string
      : never
    : string;
};

/**
 * The messages of a catalogue (`catalogue`: a domain, or the main one) in the active
 * language: each key reads the active catalogue when it is read, so a label must be read
 * while drawing, never kept in a module-level constant (which would keep the language of the
 * first import). `params` maps the messages that take values from positional parameters to
 * the message's named ones. No catalogue is imported here: the keys come from the type.
 */
export function textOf<Key extends string, Params extends ParamsOf<Key>>(
  catalogue: Pick<Domain, 'name'> | null,
  params: Params,
): TextOf<Key, Params> {
  const prefix = catalogue === null ? '' : `${catalogue.name}.`;
  const withValues: ParamsOf<string> = params;
  // The functions, made once each, so that each key reads the same one every time.
  const functions = new Map<string, (...args: never[]) => string>();
  return new Proxy({} as TextOf<Key, Params>, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      const values = withValues[key];
      if (values === undefined) return i18n._(prefix + key);
      let read = functions.get(key);
      if (read === undefined) {
        read = (...args: never[]) => i18n._(prefix + key, values(...args));
        functions.set(key, read);
      }
      return read;
    },
  });
}
