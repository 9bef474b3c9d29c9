/** The catalogue of the Ask form's own refusals (features/questions/lib/tag-messages.ts). */
import { domain } from '../../lib/i18n.ts';

export const ASK_FORM_CATALOGUE = domain('askForm', {
  en: () => import('./en.ts'),
  es: () => import('./es.ts'),
  ar: () => import('./ar.ts'),
});
