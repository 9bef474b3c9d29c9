/**
 * The catalogue of the moderators' screens (the queue and its log, silences, moderators,
 * watched words) and the silenced author's banner: `t` and `texts` read its keys.
 */
import { domain } from '../../lib/i18n.ts';
import { readerOf } from '../../lib/t.ts';
import type en from './en.ts';

export const MODERATION_CATALOGUE = domain('moderation', {
  en: () => import('./en.ts'),
  es: () => import('./es.ts'),
  ar: () => import('./ar.ts'),
});

export const { t, texts } = readerOf<keyof typeof en>(MODERATION_CATALOGUE);
