import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCREEN_FILES_PATH } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { localeHeads, withLocale } from './page-locale.ts';

describe('withLocale', () => {
  it('writes lang, and dir for Arabic, keeping the other attributes', () => {
    expect(withLocale('<html lang="en"><head>', 'es')).toBe('<html lang="es"><head>');
    expect(withLocale('<html lang="en" data-theme="dark"><body>', 'ar')).toBe(
      '<html lang="ar" dir="rtl" data-theme="dark"><body>',
    );
    expect(withLocale('<html><head>', 'en')).toBe('<html lang="en"><head>');
    // Only the <html> element.
    expect(withLocale('<html lang="en"><p lang="fr">', 'ar')).toBe(
      '<html lang="ar" dir="rtl"><p lang="fr">',
    );
  });
});

describe('localeHeads', () => {
  it("preloads each language's catalogue the build lists, English's too", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'locale-heads-'));
    try {
      expect(localeHeads(dir)).toEqual({ en: '', es: '', ar: '' });
      await mkdir(path.join(dir, '.vite'));
      const locales = { en: ['assets/en-0.js'], es: ['assets/es-1.js'], ar: ['assets/ar-2.js'] };
      await writeFile(path.join(dir, SCREEN_FILES_PATH), JSON.stringify({ question: [], locales }));
      expect(localeHeads(dir)).toEqual({
        en: '<link rel="modulepreload" crossorigin href="/assets/en-0.js">',
        es: '<link rel="modulepreload" crossorigin href="/assets/es-1.js">',
        ar: '<link rel="modulepreload" crossorigin href="/assets/ar-2.js">',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
