/** The catalogue of taking one's data along or down (lib/my-data-messages.ts reads it). */
import { domain } from '../../lib/i18n.ts';

export const MY_DATA_CATALOGUE = domain('myData', {
  en: () => import('./en.ts'),
  es: () => import('./es.ts'),
  ar: () => import('./ar.ts'),
});
