/**
 * Every screen in both themes at 375 px and 1280 px: no serious or critical axe
 * violations in any of the four, and a screenshot of each in e2e/screenshots/
 * (gitignored) to look at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  login,
  loginAdmin,
  type Tokens,
  uid,
} from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectAccessible,
  setTheme,
  signInPage,
  test,
} from '../support/fixtures.ts';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(SHOTS, { recursive: true });

const WIDTHS = [375, 1280] as const;
const THEMES = ['light', 'dark'] as const;

/** Long pages (a thread, My Content) are shot whole; the rest as the viewport shows them. */
async function everyWay(page: Page, name: string, { fullPage = false } = {}) {
  for (const theme of THEMES) {
    await setTheme(page, theme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
      await page.waitForTimeout(100);
      await page.screenshot({
        path: path.join(SHOTS, `${name}-${theme}-${width}.png`),
        fullPage,
      });
      await expectAccessible(page, `${name} (${theme}, ${width}px)`);
    }
  }
}

async function richQuestion(request: Parameters<typeof createQuestion>[0], tokens?: Tokens) {
  const q = await createQuestion(
    request,
    {
      text: `<h2>First date nerves ${uid()}</h2><p>I have a <strong>first date</strong> on Friday and I am <em>really</em> nervous. Any tips?</p><ul><li>Where to go</li><li>What to talk about</li></ul>`,
      tags: ['first date', 'nerves'],
      gender: 'W',
      age_range: '26-35',
    },
    tokens ? { tokens } : undefined,
  );
  const a = await createAnswer(request, q.id, {
    text: 'Pick somewhere quiet where you can talk. Coffee is a classic for a reason.',
    gender: 'M',
    age_range: '36-45',
  });
  const b = await createAnswer(request, q.id, {
    text: 'Agreed, and ask open questions.',
    parent_id: a.id,
  });
  await createAnswer(request, q.id, { text: 'And listen more than you talk!', parent_id: b.id });
  return q;
}

test.describe('every screen, both themes, two widths', () => {
  test('home feed', async ({ page, request }) => {
    await richQuestion(request);
    await page.goto('/');
    await expect(page.locator('.question-list article').first()).toBeVisible();
    await everyWay(page, 'home');
  });

  test('home results, empty', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search questions' }).fill(`nothing${uid()}`);
    await expect(page.getByText('No related posts found.')).toBeVisible();
    await everyWay(page, 'home-results-empty');
  });

  test('Ask a Question dialog', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog
      .getByRole('textbox', { name: 'Question text' })
      .fill('How soon is too soon to say I love you?');
    await dialog.getByLabel('Tags').fill('relationships');
    await dialog.getByLabel('Tags').press('Enter');
    await everyWay(page, 'ask-dialog');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await everyWay(page, 'ask-dialog-preview');
  });

  test('question page with replies', async ({ page, request }) => {
    const q = await richQuestion(request);
    await page.goto(`/questions/${q.id}`);
    await page.getByLabel('Your reply').fill('Be yourself; it worked for me.');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expect(answerWithText(page, 'Be yourself')).toBeVisible();
    await page.waitForTimeout(3200);
    await everyWay(page, 'question', { fullPage: true });
    await page
      .locator('article.answer')
      .filter({ hasText: 'Be yourself' })
      .getByRole('button', { name: 'Reply', exact: true })
      .click();
    await everyWay(page, 'question-reply-open', { fullPage: true });
  });

  test('report dialog', async ({ page, request }) => {
    const q = await createQuestion(request);
    await page.goto(`/questions/${q.id}`);
    await page.locator('.question-detail').getByRole('button', { name: 'Report' }).click();
    await expect(page.getByRole('dialog', { name: 'Report question' })).toBeVisible();
    await everyWay(page, 'report-dialog');
  });

  test('delete confirmation', async ({ page, request }) => {
    const q = await createQuestion(request);
    await page.goto(`/questions/${q.id}`);
    await page.getByLabel('Your reply').fill('To be deleted');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await page.locator('article.answer').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await everyWay(page, 'confirm-delete');
  });

  test('owner view and My Content (signed in)', async ({ page, request }) => {
    const user = await createUser(request, 'screens');
    const tokens = await login(request, user.username, user.password);
    const q = await richQuestion(request, tokens);
    await createAnswer(request, q.id, { text: 'My own note on this.' }, { tokens });
    await signInPage(page, tokens);
    await page.goto(`/my/questions/${q.id}`);
    await expect(page.getByRole('link', { name: /Back to My Content/ })).toBeVisible();
    await everyWay(page, 'my-question', { fullPage: true });
    await page.goto('/my/content');
    await expect(page.getByRole('heading', { name: 'My Questions' })).toBeVisible();
    await expect(page.locator('.content-item').first()).toBeVisible();
    await everyWay(page, 'my-content', { fullPage: true });
  });

  test('My Content (anonymous)', async ({ page }) => {
    await page.goto('/my/content');
    await expect(page.getByText('Please log in to view your content.')).toBeVisible();
    await everyWay(page, 'my-content-anonymous');
  });

  test('admin reports', async ({ page, request }) => {
    const q = await createQuestion(request, { text: `<p>Buy cheap watches ${uid()}</p>` });
    const a = await createAnswer(request, q.id, { text: 'You are an idiot.' });
    await createReport(request, { question: q.id }, { reason: 'spam', details: 'Advertising' });
    await createReport(request, { answer: a.id }, { reason: 'harassment' });
    await signInPage(page, await loginAdmin(request));
    await page.goto('/admin/reports');
    await expect(
      page.getByRole('button', { name: 'Approve (Delete Content)' }).first(),
    ).toBeVisible();
    await everyWay(page, 'admin-reports');
  });

  test('login and register', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Username or Email')).toBeVisible();
    await everyWay(page, 'login');
    await page.goto('/register');
    await page.getByLabel('Password', { exact: true }).fill('one-password');
    await page.getByLabel('Confirm Password').fill('other-password');
    await page.getByRole('button', { name: 'Register' }).last().click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await everyWay(page, 'register');
  });

  test('not found', async ({ page }) => {
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await everyWay(page, 'not-found');
    await page.goto('/questions/2147483000');
    await expect(page.getByText('Not found.')).toBeVisible();
    await everyWay(page, 'question-not-found');
  });
});
