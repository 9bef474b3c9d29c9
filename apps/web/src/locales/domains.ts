/**
 * Every domain catalogue: the catalogues of screens that load on demand (lib/i18n.ts,
 * `domain`). The server's drawing loads them all, in every language (entry-server.tsx), as do
 * the unit tests' setup in English; the browser loads one only with its screen.
 */
import type { Domain } from '../lib/i18n.ts';
import { ASK_FORM_CATALOGUE } from './ask-form/index.ts';
import { MODERATION_CATALOGUE } from './moderation/index.ts';
import { MY_DATA_CATALOGUE } from './my-data/index.ts';
import { PRIVATE_KEY_CATALOGUE } from './private-key/index.ts';
import { SITE_PAGES_CATALOGUE } from './site-pages/index.ts';

export const DOMAIN_CATALOGUES: readonly Domain[] = [
  SITE_PAGES_CATALOGUE,
  MY_DATA_CATALOGUE,
  PRIVATE_KEY_CATALOGUE,
  MODERATION_CATALOGUE,
  ASK_FORM_CATALOGUE,
];
