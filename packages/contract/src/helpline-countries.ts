/**
 * The countries whose helplines the crisis support panel can show (issue 40), each with the
 * language its lines speak. The panel's country menu lists them after "International"; the
 * server's `GET /api/safety/resources/?country=XX` answers for them (data in
 * apps/server/src/safety/country-helplines.json). The country is the visitor's choice, or
 * follows the visitor's language: never their IP address.
 */

/** ISO 3166-1 alpha-2 codes, grouped by the language of their lines. */
export const HELPLINE_COUNTRIES = [
  'ES',
  'MX',
  'AR',
  'CO',
  'US',
  'EG',
  'SA',
  'AE',
  'MA',
  'JO',
] as const;
export type HelplineCountry = (typeof HELPLINE_COUNTRIES)[number];

/** The language a country's lines are listed in (the US: its Spanish-language lines). */
export const HELPLINE_LANGUAGE: Readonly<Record<HelplineCountry, 'es' | 'ar'>> = {
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  US: 'es',
  EG: 'ar',
  SA: 'ar',
  AE: 'ar',
  MA: 'ar',
  JO: 'ar',
};

export function isHelplineCountry(value: string): value is HelplineCountry {
  return (HELPLINE_COUNTRIES as readonly string[]).includes(value);
}
