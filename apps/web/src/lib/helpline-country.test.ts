import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultHelplineCountry, helplineCountryFor } from './helpline-country.ts';
import { storeHelplineCountry } from './storage.ts';

const hints = (
  postLanguage: string | null,
  pageLanguage: string | null,
  browserLanguages: string[],
) => ({ postLanguage, pageLanguage, browserLanguages });

describe('the support panel’s default country', () => {
  it('follows the language of the post: Spain for Spanish, Egypt for Arabic', () => {
    expect(defaultHelplineCountry(hints('es', 'en', ['en-GB']))).toBe('ES');
    expect(defaultHelplineCountry(hints('ar', 'en', ['fr-FR']))).toBe('EG');
  });

  it('takes a country the browser names when it has lines in that language', () => {
    expect(defaultHelplineCountry(hints('es', 'en', ['es-MX', 'en']))).toBe('MX');
    expect(defaultHelplineCountry(hints('es', 'en', ['en-GB', 'es-AR']))).toBe('AR');
    expect(defaultHelplineCountry(hints('es', 'en', ['es-CO']))).toBe('CO');
    // A browser in the US, English or not, finds the US's Spanish lines.
    expect(defaultHelplineCountry(hints('es', 'en', ['en-US']))).toBe('US');
    expect(defaultHelplineCountry(hints('ar', 'en', ['ar-SA']))).toBe('SA');
    expect(defaultHelplineCountry(hints('ar', 'en', ['en-AE', 'ar']))).toBe('AE');
    expect(defaultHelplineCountry(hints('ar', 'en', ['fr-MA']))).toBe('MA');
    expect(defaultHelplineCountry(hints('ar', 'en', ['ar-JO']))).toBe('JO');
  });

  it('never takes a country whose lines are in another language', () => {
    // Mexico has no Arabic lines, Egypt no Spanish ones; Spain (es-ES) stays Spain.
    expect(defaultHelplineCountry(hints('ar', 'en', ['es-MX']))).toBe('EG');
    expect(defaultHelplineCountry(hints('es', 'en', ['ar-EG']))).toBe('ES');
    expect(defaultHelplineCountry(hints('es', 'en', ['es-ES', 'es-MX']))).toBe('ES');
    expect(defaultHelplineCountry(hints('es', 'en', ['es-CL']))).toBe('ES');
  });

  it('falls back to the page’s language, then the browser’s', () => {
    expect(defaultHelplineCountry(hints(null, 'es', ['en-US']))).toBe('US');
    expect(defaultHelplineCountry(hints(null, 'es-CO', ['en']))).toBe('CO');
    expect(defaultHelplineCountry(hints(null, 'ar', []))).toBe('EG');
    expect(defaultHelplineCountry(hints(null, null, ['es-AR']))).toBe('AR');
    expect(defaultHelplineCountry(hints(null, '', ['ar-MA']))).toBe('MA');
  });

  it('keeps the international list for English and every other language', () => {
    expect(defaultHelplineCountry(hints('en', 'en', ['es-MX']))).toBe('international');
    expect(defaultHelplineCountry(hints(null, 'en', ['es-MX']))).toBe('international');
    expect(defaultHelplineCountry(hints('fr', 'en', ['fr-MA']))).toBe('international');
    expect(defaultHelplineCountry(hints(null, null, []))).toBe('international');
  });
});

describe('the country kept in this browser', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('wins over the default, and an unknown value is ignored', () => {
    document.documentElement.lang = 'en';
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    expect(helplineCountryFor('es')).toBe('ES');
    storeHelplineCountry('JO');
    expect(helplineCountryFor('es')).toBe('JO');
    storeHelplineCountry('international');
    expect(helplineCountryFor('ar')).toBe('international');
    storeHelplineCountry('FR');
    expect(helplineCountryFor('ar')).toBe('EG');
  });

  it('reads the browser’s languages, never asking the network', () => {
    const fetch = vi.spyOn(window, 'fetch');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX', 'en']);
    expect(helplineCountryFor('es')).toBe('MX');
    expect(fetch).not.toHaveBeenCalled();
  });
});
