/** The catalogue of the pages that explain the site (lib/site-page-messages.ts reads it). */
import { domain } from '../../lib/i18n.ts';

export const SITE_PAGES_CATALOGUE = domain('sitePages', {
  en: () => import('./en.ts'),
  es: () => import('./es.ts'),
  ar: () => import('./ar.ts'),
});
