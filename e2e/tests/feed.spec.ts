import { createQuestion, uid } from '../support/api.ts';
import {
  chooseTag,
  expect,
  expectToast,
  feedCards,
  notifications,
  test,
  toast,
  withoutPageData,
} from '../support/fixtures.ts';

test.describe('home feed', () => {
  test('brand, tagline, Feed heading and the auth check', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/user/status/', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByText('Loading authentication status...')).toBeVisible();
    release();
    await expect(page.getByText('Loading authentication status...')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Dating Advice' })).toBeVisible();
    await expect(
      page.getByText('Ask. Share. Support. A safe peer-to-peer platform for dating advice.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Feed', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Content' })).toHaveCount(0);
  });

  test('empty feed state', async ({ page }) => {
    await withoutPageData(page);
    await page.route('**/api/questions/?*', (route) => route.fulfill({ json: [] }));
    await page.route('**/api/questions/', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: [] }) : route.continue(),
    );
    await page.goto('/');
    await expect(page.getByText('No posts found. Be the first to ask for advice!')).toBeVisible();
  });

  test('search: Results, empty state and Post your question with the search text', async ({
    page,
  }) => {
    const word = `zebra${uid()}`;
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search questions' }).fill(word);
    await expect(page.getByRole('heading', { name: 'Results', exact: true })).toBeVisible();
    await expect(page.getByText('No related posts found.')).toBeVisible();
    await page.getByRole('button', { name: 'Post your question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await expect(dialog.getByRole('textbox', { name: 'Question text' })).toHaveText(word);
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('search finds a question, filters by tag, gender and age', async ({ page, request }) => {
    const word = `pineapple${uid()}`;
    const tag = `tag${uid()}`;
    await createQuestion(request, {
      text: `<p>About ${word} and trust</p>`,
      tags: [tag],
      gender: 'W',
      age_range: '26-35',
    });
    await createQuestion(request, { text: `<p>Other ${word}</p>`, gender: 'M', age_range: '45+' });
    await page.goto('/');
    const list = page.getByTestId('question-list');
    await page.getByRole('searchbox', { name: 'Search questions' }).fill(word);
    await expect(list.getByRole('article')).toHaveCount(2);
    await page.getByLabel('Gender').selectOption('W');
    await expect(list.getByRole('article')).toHaveCount(1);
    await expect(list.getByText(`About ${word} and trust`)).toBeVisible();
    await expect(list.getByText('Posted by: Woman, 26-35')).toBeVisible();
    await page.getByLabel('Gender').selectOption('');
    await page.getByLabel('Age group').selectOption('45+');
    await expect(list.getByRole('article')).toHaveCount(1);
    await expect(list.getByText(`Other ${word}`)).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('heading', { name: 'Feed', exact: true })).toBeVisible();
    await chooseTag(page, tag);
    await expect(page.getByRole('heading', { name: 'Results', exact: true })).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(1);
    await expect(list.getByText(`#${tag}`)).toBeVisible();
  });

  test('more questions load as the visitor scrolls', async ({ page, request }) => {
    const tag = `scroll${uid()}`;
    for (let i = 0; i < 45; i++) {
      await createQuestion(request, { text: `<p>Scroll question ${i}</p>`, tags: [tag] });
    }
    await page.goto('/');
    await chooseTag(page, tag);
    // The filtered list (not the unfiltered one still on screen while it renders).
    await expect(page.getByRole('heading', { name: 'Results', exact: true })).toBeVisible();
    const cards = feedCards(page);
    await expect(cards).toHaveCount(20);
    await page.getByTestId('feed-end').scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(40);
    await page.getByTestId('feed-end').scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(45);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await expect(page.getByText('Scroll question 0', { exact: true })).toBeVisible();
  });

  test("keyboard users page with 'Load more'", async ({ page, request }) => {
    // Without IntersectionObserver only the button loads more.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    });
    const tag = `keys${uid()}`;
    for (let i = 0; i < 25; i++) {
      await createQuestion(request, { text: `<p>Key question ${i}</p>`, tags: [tag] });
    }
    await page.goto('/');
    await chooseTag(page, tag);
    // The filtered list (not the unfiltered one still on screen while it renders).
    await expect(page.getByRole('heading', { name: 'Results', exact: true })).toBeVisible();
    const cards = feedCards(page);
    await expect(cards).toHaveCount(20);
    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(cards).toHaveCount(25);
    await expect(more).toHaveCount(0);
  });

  test('load failures: posts and tags', async ({ page }) => {
    await withoutPageData(page);
    await page.route('**/api/questions/**', (route) => route.fulfill({ status: 500, json: {} }));
    await page.route('**/api/tags/', (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto('/');
    await expect(page.getByText('Failed to load posts.')).toBeVisible();
    await expect(page.getByText('Failed to load tags.')).toBeVisible();
  });

  test('toasts vanish after 3 seconds', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('textbox', { name: 'Question text' }).fill(`Short lived ${uid()}`);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const message = toast(page, 'Question posted successfully!');
    await expect(message).toBeVisible();
    const shown = Date.now();
    await expect(message).toBeHidden({ timeout: 6000 });
    const lasted = Date.now() - shown;
    expect(lasted).toBeGreaterThan(2000);
    expect(lasted).toBeLessThan(4500);
  });

  test('a card shows its text with formatting, its counts and its tags as links', async ({
    page,
    request,
  }) => {
    const word = `mango${uid()}`;
    await createQuestion(request, {
      text: `<h2>Heading ${word}</h2><p><strong>bold</strong> <a href="https://example.com">link</a></p>`,
      tags: ['Trust'],
    });
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search questions' }).fill(word);
    const card = feedCards(page).first();
    const text = card.getByTestId('excerpt');
    await expect(text.locator('p')).toHaveText([`Heading ${word}`, 'bold link']);
    // The heading is bold text, not a heading of the page.
    await expect(text.locator('p').first().locator('strong')).toHaveText(`Heading ${word}`);
    await expect(card.getByRole('heading')).toHaveCount(0);
    await expect(text.locator('strong').nth(1)).toHaveText('bold');
    await expect(text.getByRole('link', { name: 'link' })).toHaveAttribute(
      'href',
      'https://example.com',
    );
    // The page's outline holds the app's headings only.
    await expect(page.getByRole('heading')).toHaveText(['Dating Advice', 'Results']);
    await expect(card.getByTestId('like-count')).toHaveText('♥ 0 likes');
    await expect(card.getByTestId('answer-count')).toHaveText('0 replies');
    await expect(card.getByRole('time')).toHaveText(/ago|now/);
    await expect(card.getByRole('link', { name: '#trust' })).toHaveAttribute('href', '/?tag=trust');
    await expectToastFree(page);
  });
});

async function expectToastFree(page: import('@playwright/test').Page) {
  await expect(notifications(page).getByRole('alert').getByTestId('toast')).toHaveCount(0);
}

test('session id missing: anonymous actions explain', async ({ page }) => {
  await page.addInitScript(() => {
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'session_id') throw new Error('storage disabled');
      return original.call(this, key, value);
    };
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
  await dialog.getByRole('textbox', { name: 'Question text' }).fill('Will this post?');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Error: Anonymous session ID missing. Please reload the page.');
});

test('session id missing: a like explains instead of failing', async ({ page, request }) => {
  const q = await createQuestion(request);
  let likes = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/like/')) likes++;
  });
  await page.addInitScript(() => {
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'session_id') throw new Error('storage disabled');
      return original.call(this, key, value);
    };
  });
  await page.goto(`/questions/${q.id}`);
  await page.getByRole('button', { name: 'Like this post' }).click();
  await expectToast(page, 'Error: Anonymous session ID missing. Please reload the page.');
  expect(likes).toBe(0);
});
