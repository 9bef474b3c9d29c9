/**
 * The page's language, written into the page the server sends: `<html lang>` (and
 * `dir="rtl"` for Arabic) so that the first paint reads in the right direction without a
 * script, and a modulepreload link to the language's catalogue (a lazy chunk of the web
 * app, English's too), so the app has it when it starts, with no round trip of its own. The
 * request's language: @dating/contract's requestLocale (the `lang` cookie, else
 * Accept-Language, else English).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  localeDirection,
  SCREEN_FILES_PATH,
  type ScreenFiles,
  type SiteLocale,
} from '@dating/contract';

/** The page with `locale` on its `<html>` element (its `lang`, and `dir` for Arabic). */
export function withLocale(html: string, locale: SiteLocale): string {
  const dir = localeDirection(locale) === 'rtl' ? ' dir="rtl"' : '';
  return html.replace(/<html(?=[\s>])[^>]*>/, (tag) => {
    const rest = tag.slice('<html'.length, -1).replace(/\s(lang|dir)="[^"]*"/g, '');
    return `<html lang="${locale}"${dir}${rest}>`;
  });
}

/**
 * The head's addition for each language's catalogue, from the web build in `webDistDir`,
 * read once at start-up: modulepreload links (empty when the build lists none).
 */
export function localeHeads(webDistDir: string): Record<SiteLocale, string> {
  let listed: ScreenFiles['locales'] = {};
  try {
    const text = readFileSync(path.join(webDistDir, SCREEN_FILES_PATH), 'utf8');
    listed = (JSON.parse(text) as Partial<ScreenFiles>).locales ?? {};
  } catch {
    // An older build, or none: the app fetches the catalogue itself.
  }
  const links = (files: readonly string[] = []) =>
    files
      .filter((file) => file.endsWith('.js'))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
  return { en: links(listed.en), es: links(listed.es), ar: links(listed.ar) };
}
