import { expect, test } from '../support/fixtures.ts';

/** Defence in depth: even if the API sent hostile HTML, the page renders only the allowlist. */
test('question HTML is sanitized in the browser with the contract allowlist', async ({ page }) => {
  const hostile = [
    '<p>safe <strong>text</strong></p>',
    '<img src=x onerror="window.__xss=1">',
    '<script>window.__xss=2</script>',
    '<p onclick="window.__xss=3" style="color:red">handler</p>',
    '<a href="javascript:window.__xss=4">js link</a>',
    '<a href="https://example.com" target="_blank">ok link</a>',
    '<iframe src="https://example.com"></iframe>',
    '<svg><script>window.__xss=5</script></svg>',
  ].join('');
  const question = {
    id: 424242,
    text: hostile,
    likes: 0,
    tags: [],
    gender: 'U',
    age_range: 'U',
    user: null,
    session_id: null,
    created_at: new Date().toISOString(),
    answer_count: 0,
  };
  await page.route('**/api/questions/?*', (route) => route.fulfill({ json: [question] }));
  await page.route('**/api/questions/', (route) => route.fulfill({ json: [question] }));
  await page.goto('/');
  const card = page.locator('.question-list article').first();
  await expect(card.getByText('handler')).toBeVisible();
  const html = await card.locator('.rich-text').innerHTML();
  expect(html).not.toMatch(/<img|<script|<iframe|<svg|onerror|onclick|style=|javascript:/i);
  await expect(card.getByRole('link', { name: 'ok link' })).toHaveAttribute(
    'rel',
    'nofollow noopener noreferrer ugc',
  );
  await expect(card.getByRole('link', { name: 'ok link' })).not.toHaveAttribute('target', /.*/);
  await card.getByText('handler').click();
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
});
