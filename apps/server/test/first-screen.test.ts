/**
 * The first screen drawn on the server: when the web app's server build sits beside its
 * `dist/` (`dist-server/entry-server.js`), a page that carries data (the feed, a question's
 * page) also carries the markup drawn from exactly that data inside `#root`; a drawing that
 * fails never fails the page.
 * And the theme a visitor chose (the `theme` cookie) is written into every page's `<html>`,
 * as is its language (the `lang` cookie, else Accept-Language), in which the page is drawn.
 * The build here is a stand-in module that shows what it was given.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestion, uniqueWord } from './factories.ts';
import { createTestContext, ENGINES, type TestContext } from './harness.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>app</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

/**
 * Draws `<p id="drawn">` holding the address and the data's JSON; fails on `?fail`. In
 * Spanish or Arabic, a greeting in that language comes first.
 */
const ENTRY_SERVER = `
const HELLO = { es: 'Hola', ar: 'مرحبا' };
export function pageTitle(question, locale = 'en') {
  return locale === 'en' ? 'Dating Advice' : HELLO[locale];
}
export async function renderFirstScreen(url, json, locale = 'en') {
  if (url.includes('fail')) throw new Error('drawing failed');
  if (locale !== 'en') return '<p id="hello">' + HELLO[locale] + '</p>';
  return '<p id="drawn" data-url="' + encodeURIComponent(url) + '">' + encodeURIComponent(json) + '</p>';
}
export let sitePagesDrawn = 0;
export async function renderSitePage(path) {
  sitePagesDrawn += 1;
  if (sitePagesDrawn === 1) throw new Error('first drawing fails');
  return { title: 'About <us> & ' + path, markup: '<article id="site">' + path + ' #' + sitePagesDrawn + '</article>' };
}
`;

const EMBEDDED = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/;
const DRAWN = /<div id="root"><p id="drawn" data-url="([^"]*)">([^<]*)<\/p><\/div>/;

describe.each(ENGINES)('the first screen drawn on the server [%s]', (engine) => {
  let base: string;
  let ctx: TestContext & { close(): Promise<void> };

  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'web-build-'));
    await mkdir(path.join(base, 'dist'));
    await mkdir(path.join(base, 'dist-server'));
    await writeFile(path.join(base, 'dist', 'index.html'), INDEX_HTML);
    await writeFile(path.join(base, 'dist-server', 'entry-server.js'), ENTRY_SERVER);
    // As in apps/web: its .js files are ES modules.
    await writeFile(path.join(base, 'package.json'), '{"type":"module"}');
    ctx = await createTestContext(engine, { env: { WEB_DIST_DIR: path.join(base, 'dist') } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(base, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.request({ method: 'GET', url, headers });

  it("draws the feed and a question's page from the very data the page carries", async () => {
    const word = uniqueWord();
    const question = await createQuestion(ctx, { text: `<p>Drawn ${word}</p>` });
    for (const url of ['/', `/?q=${word}`, `/questions/${question.id}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const drawn = DRAWN.exec(res.body);
      expect(drawn, `${url} is drawn inside #root`).not.toBeNull();
      expect(decodeURIComponent(drawn?.[1] ?? '')).toBe(url);
      const json = decodeURIComponent(drawn?.[2] ?? '');
      // The same data as the page's JSON element (which escapes "<" for HTML).
      expect(JSON.parse(json)).toEqual(JSON.parse(EMBEDDED.exec(res.body)?.[1] ?? 'null'));
      expect(json).toContain(word);
      // With the server's clock, which hydration repeats ("5 minutes ago").
      expect(Math.abs(JSON.parse(json).now - Date.now())).toBeLessThan(60_000);
    }
  });

  it('sends the page undrawn, with its data, when drawing fails', async () => {
    const res = await page('/?q=fail');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toMatch(EMBEDDED);
  });

  it('draws nothing for a page without data', async () => {
    const res = await page('/my/content');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toMatch(EMBEDDED);
  });

  it('draws the pages that explain the site whole, once, with their titles', async () => {
    // The first drawing fails: the page goes undrawn, and the next request draws it.
    const failed = await page('/about');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    const about = await page('/about');
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('<div id="root"><article id="site">/about #2</article></div>');
    expect(about.body).toContain('<title>About &lt;us> &amp; /about</title>');
    expect(about.body).not.toMatch(EMBEDDED);
    expect(about.headers['cache-control']).toBe('no-cache');
    // Kept: drawn once for everyone, with or without a query or a theme.
    const again = await page('/about?from=footer', { cookie: 'theme=dark' });
    expect(again.body).toContain('<article id="site">/about #2</article>');
    expect(again.body).toContain('<html data-theme="dark" lang="en">');
    const rules = await page('/rules');
    expect(rules.body).toContain('<article id="site">/rules #3</article>');
    // Only those addresses.
    expect((await page('/about/more')).body).toContain('<div id="root"></div>');
  });

  it("writes the chosen theme into every page's <html>, and only a valid one", async () => {
    for (const url of ['/', '/my/content']) {
      const dark = await page(url, { cookie: 'other=1; theme=dark' });
      expect(dark.body, url).toContain('<html data-theme="dark" lang="en">');
      expect(String(dark.headers.vary)).toContain('Cookie');
      const light = await page(url, { cookie: 'theme=light' });
      expect(light.body, url).toContain('<html data-theme="light" lang="en">');
      for (const cookie of ['theme="dark"><script>', 'theme=blue', 'xtheme=dark', '']) {
        const res = await page(url, { cookie });
        expect(res.body, `${url} ${cookie}`).toContain('<html lang="en">');
      }
    }
    // The page without data, with a theme, is compressed as the others are.
    const compressed = await page('/my/content', {
      cookie: 'theme=dark',
      'accept-encoding': 'br',
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('data-theme="dark"');
    expect(compressed.headers['cache-control']).toBe('no-cache');
  });

  it("draws the page in the visitor's language, with <html lang> and dir for Arabic", async () => {
    const es = await page('/', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('<div id="root"><p id="hello">Hola</p></div>');
    expect(es.body).toContain('<title>Hola</title>');
    expect(es.body).toMatch(EMBEDDED);
    const vary = String(es.headers.vary);
    expect(vary).toContain('Cookie');
    expect(vary).toContain('Accept-Language');

    // The cookie (the visitor's choice) wins over the browser's languages.
    const ar = await page('/', { cookie: 'theme=dark; lang=ar', 'accept-language': 'es' });
    expect(ar.body).toContain('<html data-theme="dark" lang="ar" dir="rtl">');
    expect(ar.body).toContain('<div id="root"><p id="hello">مرحبا</p></div>');

    // The English drawing is kept apart from the others (lib/drawn-screens.ts).
    const en = await page('/', { 'accept-language': 'fr, en;q=0.5' });
    expect(en.body).toContain('<html lang="en">');
    expect(DRAWN.exec(en.body)).not.toBeNull();

    // A page without data, and an invalid cookie (then the header decides).
    const undrawn = await page('/my/content', { cookie: 'lang=xx', 'accept-language': 'ar-EG' });
    expect(undrawn.body).toContain('<html lang="ar" dir="rtl">');
    expect(undrawn.body).toContain('<div id="root"></div>');
  });
});
