/**
 * Nothing is sent twice: a double click (or two submits in the same moment) creates one item,
 * buttons are disabled while their request is in flight, and every creating POST carries an
 * Idempotency-Key, the same one when that very action is retried.
 */
import type { Page, Request } from '@playwright/test';
import { createAnswer, createQuestion, uid } from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectToast,
  feedCards,
  questionArticle,
  test,
} from '../support/fixtures.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The POST requests to a path (a regular expression on the URL) the page sends. */
function posts(page: Page, url: RegExp): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && url.test(request.url())) sent.push(request);
  });
  return sent;
}

/** Two clicks in one task: the second comes before React can re-render the button. */
async function clickTwiceAtOnce(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  // A drawn page's buttons are disabled until the app has taken it over: clicks in the page
  // itself would fall on a disabled button.
  await expect(button).toBeEnabled();
  await button.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
}

test.describe('never twice', () => {
  test('a question: a double click posts once, with an Idempotency-Key', async ({ page }) => {
    const sent = posts(page, /\/api\/questions\/$/);
    await page.goto('/');
    const text = `Double click ${uid()}`;
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('textbox', { name: 'Question text' }).fill(text);
    await dialog.getByRole('button', { name: 'Submit' }).dblclick();
    await expectToast(page, 'Question posted successfully!');

    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const again = `Two submits at once ${uid()}`;
    await dialog.getByRole('textbox', { name: 'Question text' }).fill(again);
    await clickTwiceAtOnce(page, 'Submit');
    await expectToast(page, 'Question posted successfully!');

    expect(sent).toHaveLength(2);
    const keys = sent.map((r) => r.headers()['idempotency-key'] ?? '');
    for (const key of keys) expect(key).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
    await page.reload();
    await expect(feedCards(page).filter({ hasText: text })).toHaveCount(1);
    await expect(feedCards(page).filter({ hasText: again })).toHaveCount(1);
  });

  test('a retried question reuses its key; the button is disabled while sending', async ({
    page,
  }) => {
    const sent = posts(page, /\/api\/questions\/$/);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let attempt = 0;
    await page.route('**/api/questions/', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      attempt++;
      if (attempt === 1) return route.abort();
      await held;
      return route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('textbox', { name: 'Question text' }).fill(`Retried ${uid()}`);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Failed to post question. Check console for details.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('button', { name: 'Submitting…' })).toBeDisabled();
    release();
    await expectToast(page, 'Question posted successfully!');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers()['idempotency-key']).toBe(sent[0]?.headers()['idempotency-key']);
  });

  test('replies, top-level and nested: one each for a double click', async ({ page, request }) => {
    const q = await createQuestion(request, { text: `<p>Double replies ${uid()}</p>` });
    await createAnswer(request, q.id, { text: 'Reply to me' });
    const sent = posts(page, /\/answers\/$/);
    await page.goto(`/questions/${q.id}`);
    const top = page.getByRole('region', { name: 'Leave a Reply' });
    await top.getByLabel('Your reply').fill('Only once, top');
    await top.getByRole('button', { name: 'Post Reply' }).dblclick();
    await expectToast(page, 'Reply submitted successfully!');
    const parent = answerWithText(page, 'Reply to me');
    await parent.getByRole('button', { name: 'Reply', exact: true }).click();
    await parent.getByLabel('Your reply').fill('Only once, nested');
    await clickTwiceAtOnce(page, 'Submit Reply');
    await expectToast(page, 'Reply submitted.');
    expect(sent).toHaveLength(2);
    for (const r of sent) expect(r.headers()['idempotency-key']).toMatch(UUID);
    await page.reload();
    await expect(answerWithText(page, 'Only once, top')).toHaveCount(1);
    await expect(answerWithText(page, 'Only once, nested')).toHaveCount(1);
  });

  test('a report: one for a double click', async ({ page, request }) => {
    const q = await createQuestion(request);
    const sent = posts(page, /\/api\/reports\/$/);
    await page.goto(`/questions/${q.id}`);
    await questionArticle(page).getByRole('button', { name: 'Report' }).click();
    await clickTwiceAtOnce(page, 'Submit Report');
    await expectToast(page, 'Thanks, the admin will review your report.');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers()['idempotency-key']).toMatch(UUID);
  });

  test('registering: one account for a double click', async ({ page }) => {
    const sent = posts(page, /\/api\/register\/$/);
    await page.goto('/register');
    await page.getByLabel('Username').fill(`twice_${uid()}`);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByLabel('Confirm Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Register' }).last().dblclick();
    await expectToast(page, 'Registration successful! Please log in.');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers()['idempotency-key']).toMatch(UUID);
  });

  test('likes: a double click likes once (no repeat-like message)', async ({ page, request }) => {
    const q = await createQuestion(request);
    const sent = posts(page, /\/like\/$/);
    await page.goto(`/questions/${q.id}`);
    await clickTwiceAtOnce(page, 'Like this post');
    await expectToast(page, 'Question liked!');
    await expect(page.getByText('1 like', { exact: true })).toBeVisible();
    expect(sent).toHaveLength(1);
  });
});
