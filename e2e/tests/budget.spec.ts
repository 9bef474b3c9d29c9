import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures.ts';

test('the home route loads at most 120 KB of gzipped JavaScript; the editor only on demand', async ({
  page,
}) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.set(response.url(), gzipSync(body).length);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Feed', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const initial = [...scripts.values()].reduce((a, b) => a + b, 0);
  expect(initial).toBeLessThanOrEqual(120 * 1024);
  const before = scripts.size;
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  await expect(page.getByRole('textbox', { name: 'Question text' })).toBeVisible();
  expect(scripts.size).toBeGreaterThan(before);
});
