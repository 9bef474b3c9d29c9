/**
 * Catalogue messages in the active language (lib/i18n.ts), by key, for the modules that keep
 * their own objects of texts (SAFETY_TEXT, MODERATION_TEXT...) rather than `TEXT`. As with
 * `TEXT`, read them while drawing, never into a module-level constant.
 */
import type { Values } from '@lingui/core';
import type { MessageKey } from '../locales/catalogue.ts';
import { type Domain, i18n } from './i18n.ts';

/** One message, with its values. */
export function t(key: MessageKey, values?: Values): string {
  return i18n._(key, values);
}

/**
 * An object whose each property in `keys` reads that message when read, with `extra`'s
 * properties (the texts that take values, as functions) beside them:
 * `texts({ heading: 'watchedHeading' }, { remove: (word) => t('watchedRemove', { word }) })`.
 */
export function texts<K extends string, E extends object = Record<never, never>>(
  keys: Readonly<Record<K, MessageKey>>,
  extra?: E,
): Readonly<Record<K, string>> & E {
  return textsOf('', keys, extra);
}

function textsOf<K extends string, E extends object>(
  prefix: string,
  keys: Readonly<Record<K, string>>,
  extra?: E,
): Readonly<Record<K, string>> & E {
  const out = { ...extra } as Record<K, string> & E;
  for (const name of Object.keys(keys) as K[]) {
    Object.defineProperty(out, name, {
      enumerable: true,
      get: () => i18n._(prefix + keys[name]),
    });
  }
  return out;
}

/**
 * `t` and `texts` for a domain catalogue (lib/i18n.ts `domain`), whose keys are `Key`: they
 * read `<domain>.<key>`, which its screens load (`withCatalogues`) before they draw.
 */
export function readerOf<Key extends string>(catalogue: Pick<Domain, 'name'>) {
  const prefix = `${catalogue.name}.`;
  return {
    t: (key: Key, values?: Values): string => i18n._(prefix + key, values),
    texts: <K extends string, E extends object = Record<never, never>>(
      keys: Readonly<Record<K, Key>>,
      extra?: E,
    ): Readonly<Record<K, string>> & E => textsOf(prefix, keys, extra),
  };
}
