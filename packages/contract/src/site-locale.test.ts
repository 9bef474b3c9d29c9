import { describe, expect, it } from 'vitest';
import { chosenLocale, negotiateLocale, requestLocale } from './site-locale.ts';

describe('negotiateLocale', () => {
  it.each([
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['ar-EG', 'ar'],
    ['AR-eg;q=0.5', 'ar'],
    ['fr-FR,fr;q=0.9,es;q=0.4,en;q=0.7', 'en'],
    ['en;q=0.3, ar;q=0.8, es;q=0.5', 'ar'],
    ['de, es;q=0.2', 'es'],
    ['es;q=0.8, ar;q=0.8', 'es'],
    ['*', 'en'],
    ['*;q=0.9, es;q=0.5', 'en'],
  ])('%s gives %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it.each([
    [undefined],
    [''],
    [`${'x-private;q=0.1, '.repeat(80)}es`],
    ['fr, de;q=0.5'],
    ['es;q=0'],
    ['es;q=0.0, ar;q=0'],
    ['es;q=abc'],
    ['espanol'],
  ])('%s names none of ours', (header) => {
    expect(negotiateLocale(header)).toBeNull();
  });
});

describe('requestLocale', () => {
  it('takes a valid lang cookie over Accept-Language', () => {
    expect(requestLocale('theme=dark; lang=ar', 'es-ES')).toBe('ar');
  });

  it('ignores an invalid cookie and follows Accept-Language', () => {
    expect(chosenLocale('lang=fr')).toBeNull();
    expect(requestLocale('lang=fr', 'es-MX')).toBe('es');
    expect(requestLocale('lang=', 'ar')).toBe('ar');
  });

  it('falls back to English', () => {
    expect(requestLocale(undefined, undefined)).toBe('en');
    expect(requestLocale('theme=light', 'ja-JP')).toBe('en');
  });
});
