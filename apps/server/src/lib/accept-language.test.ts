import { describe, expect, it } from 'vitest';
import { messageLanguage } from './accept-language.ts';

describe('messageLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['ar', 'ar'],
    ['es-MX', 'es'],
    ['ar-EG', 'ar'],
    ['ES-419', 'es'],
    ['fr-FR, ar;q=0.4, es;q=0.3', 'ar'],
    ['en;q=0.5, es;q=0.9', 'es'],
    ['es;q=0.8, ar;q=0.8', 'es'],
    ['es;q=0, en', 'en'],
    ['de, fr', 'en'],
    ['*', 'en'],
    ['es;q=2', 'en'],
    ['es;q=abc, ar;q=0.1', 'ar'],
    ['ar ; q=0.5 , de', 'ar'],
    [['de', 'es-AR'], 'es'],
  ] as const)('%j reads %s', (header, expected) => {
    expect(messageLanguage(header as string | string[] | undefined)).toBe(expected);
  });

  it('does not read an absurdly long header', () => {
    expect(messageLanguage(`${'de, '.repeat(400)}es`)).toBe('en');
  });
});
