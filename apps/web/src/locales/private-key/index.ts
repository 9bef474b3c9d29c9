/** The catalogue of the private key's screens (lib/key-messages.ts reads it). */
import { domain } from '../../lib/i18n.ts';

export const PRIVATE_KEY_CATALOGUE = domain('privateKey', {
  en: () => import('./en.ts'),
  es: () => import('./es.ts'),
  ar: () => import('./ar.ts'),
});
