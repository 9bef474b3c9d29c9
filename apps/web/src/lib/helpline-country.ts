/**
 * Which country's helplines the crisis support panel lists first: the visitor's choice in the
 * panel's menu, kept in this browser, or else one that follows the visitor's language. Never
 * the IP address: a guess from it would be wrong for travellers and people on VPNs, and
 * would tell the server where someone in crisis is.
 */
import {
  HELPLINE_COUNTRIES,
  HELPLINE_LANGUAGE,
  type HelplineCountry,
  isHelplineCountry,
} from '@dating/contract';
import { storedHelplineCountry } from './storage.ts';

/** A country of HELPLINE_COUNTRIES, or the panel's own list ("International"). */
export type HelplineChoice = HelplineCountry | 'international';

export const HELPLINE_CHOICES: readonly HelplineChoice[] = ['international', ...HELPLINE_COUNTRIES];

export function isHelplineChoice(value: string): value is HelplineChoice {
  return value === 'international' || isHelplineCountry(value);
}

/** Where a language's lines are when the browser names none of its countries. */
const FIRST_COUNTRY: Readonly<Record<string, HelplineCountry>> = { es: 'ES', ar: 'EG' };

const primaryOf = (tag: string | null | undefined) =>
  tag ? (tag.split('-')[0] ?? '').toLowerCase() : '';
const regionOf = (tag: string) => (tag.split('-')[1] ?? '').toUpperCase();

export interface LanguageHints {
  /** The language of the post the panel is for (a question's `language`), when known. */
  postLanguage?: string | null;
  /** `<html lang>`. */
  pageLanguage?: string | null;
  /** navigator.languages (or [navigator.language]), in the browser's order. */
  browserLanguages: readonly string[];
}

/**
 * The default: the post's language, else the page's, else the browser's first. Spanish gives
 * Spain and Arabic Egypt, unless the page's or the browser's languages name another country
 * with lines in that language (es-MX, ar-SA, even en-US for Spanish); any other language
 * gives the international list.
 */
export function defaultHelplineCountry(hints: LanguageHints): HelplineChoice {
  const language =
    primaryOf(hints.postLanguage) ||
    primaryOf(hints.pageLanguage) ||
    primaryOf(hints.browserLanguages[0]);
  const first = FIRST_COUNTRY[language];
  if (first === undefined) return 'international';
  for (const tag of [hints.pageLanguage ?? '', ...hints.browserLanguages]) {
    const region = regionOf(tag);
    if (isHelplineCountry(region) && HELPLINE_LANGUAGE[region] === language) return region;
  }
  return first;
}

/** The country to show now: the one kept in this browser, else the language's default. */
export function helplineCountryFor(postLanguage: string | null): HelplineChoice {
  const stored = storedHelplineCountry();
  if (stored !== null && isHelplineChoice(stored)) return stored;
  return defaultHelplineCountry({
    postLanguage,
    pageLanguage: document.documentElement.lang || null,
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}
