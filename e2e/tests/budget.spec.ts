import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures.ts';

/**
 * The first load of the home route: at most 120 KB of gzipped JavaScript, without the editor
 * and without DOMPurify (the feed shows plain text). The editor's files are fetched when the
 * browser is idle, into the cache only (a prefetch, not a script), and run when the dialog
 * opens.
 */
test('the home route loads at most 120 KB of gzipped JavaScript; the editor only later', async ({
  page,
}) => {
  const scripts = new Map<string, Buffer>();
  const prefetched = new Set<string>();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type === 'script') {
      scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
    } else if (new URL(response.url()).pathname.startsWith('/assets/')) {
      prefetched.add(response.url());
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Feed', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const firstLoad = new Map(scripts);
  const initial = [...firstLoad.values()].reduce((sum, body) => sum + gzipSync(body).length, 0);
  expect(initial).toBeLessThanOrEqual(120 * 1024);
  for (const body of firstLoad.values()) {
    // DOMPurify's own option names survive minification.
    expect(body.includes('RETURN_TRUSTED_TYPE')).toBe(false);
  }

  const later = (
    (await page.locator('meta[name="prefetch-on-idle"]').getAttribute('content')) ?? ''
  )
    .split(' ')
    .filter(Boolean)
    .map((path) => new URL(path, page.url()).href);
  const editorScripts = later.filter((url) => url.endsWith('.js'));
  expect(editorScripts.length).toBeGreaterThan(0);
  for (const url of editorScripts) expect(firstLoad.has(url)).toBe(false);
  // Fetched once the browser was idle, and not run.
  await expect.poll(() => later.every((url) => prefetched.has(url))).toBe(true);
  for (const url of editorScripts) expect(scripts.has(url)).toBe(false);

  await page.getByRole('button', { name: 'Ask a Question' }).click();
  await expect(page.getByRole('textbox', { name: 'Question text' })).toBeVisible();
  await expect.poll(() => editorScripts.every((url) => scripts.has(url))).toBe(true);
});
