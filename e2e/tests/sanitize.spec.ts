import { expect, feedCards, questionArticle, test, withoutPageData } from '../support/fixtures.ts';

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
  language: null,
  liked: false,
  author_label: 'Asker',
  hidden: false,
  helped: false,
  update_count: 0,
  // What a stranger may do, as the API says it with every question.
  can: { edit: false, delete: false, reply: true, report: true },
};

const xss = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __xss?: number }).__xss);

/** Defence in depth: even if the API sent hostile HTML, the page renders only the allowlist. */
test('question HTML is sanitized in the browser with the contract allowlist', async ({ page }) => {
  await page.route('**/api/questions/424242/', (route) =>
    route.fulfill({
      json: {
        ...question,
        answers: [],
        updates: [],
        perspectives: {
          gender: { W: 0, M: 0, NB: 0, U: 0 },
          age_range: { U: 0, '18-25': 0, '26-35': 0, '36-45': 0, '45+': 0 },
        },
      },
    }),
  );
  await page.goto('/questions/424242');
  const text = questionArticle(page).getByTestId('question-text');
  await expect(text.getByText('handler')).toBeVisible();
  const html = await text.innerHTML();
  expect(html).not.toMatch(/<img|<script|<iframe|<svg|onerror|onclick|style=|javascript:/i);
  await expect(text.getByRole('link', { name: 'ok link' })).toHaveAttribute(
    'rel',
    'nofollow noopener noreferrer ugc',
  );
  await expect(text.getByRole('link', { name: 'ok link' })).not.toHaveAttribute('target', /.*/);
  await text.getByText('handler').click();
  expect(await xss(page)).toBeUndefined();
});

test('a feed card draws only the allowlist of hostile HTML, running nothing', async ({ page }) => {
  await withoutPageData(page);
  await page.route('**/api/questions/?*', (route) => route.fulfill({ json: [question] }));
  await page.route('**/api/questions/', (route) => route.fulfill({ json: [question] }));
  await page.goto('/');
  const excerpt = feedCards(page).first().getByTestId('excerpt');
  await expect(excerpt.locator('p')).toHaveText(['safe text', 'handler', 'js linkok link']);
  await expect(excerpt.locator('strong')).toHaveText('text');
  const html = await excerpt.innerHTML();
  expect(html).not.toMatch(/<img|<script|<iframe|<svg|onerror|onclick|style=|javascript:|target=/i);
  // Only the https link is a link, with our rel; the script address left its text unlinked.
  await expect(excerpt.getByRole('link')).toHaveCount(1);
  await expect(excerpt.getByRole('link', { name: 'ok link' })).toHaveAttribute(
    'rel',
    'nofollow noopener noreferrer ugc',
  );
  expect(await xss(page)).toBeUndefined();
});
