/**
 * Every screen in both themes at 375 px and 1280 px: no serious or critical axe
 * violations in any of the four, and a screenshot of each in e2e/screenshots/
 * (gitignored) to look at.
 */
import path from 'node:path';
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
  feedCards,
  keepAccessOffer,
  questionArticle,
  setTheme,
  signInPage,
  test,
  withoutPageData,
} from '../support/fixtures.ts';
import { everyWay, SHOTS, THEMES } from '../support/screens.ts';

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
  // Each screen is shot and checked by axe four times, some of them twice over: on two
  // cores shared with the other worker, the server and the database, a long page's eight
  // full-page shots and axe runs take longer than the default minute.
  test.describe.configure({ timeout: 180_000 });

  test('home feed', async ({ page, request }) => {
    await richQuestion(request);
    await page.goto('/');
    await expect(feedCards(page).first()).toBeVisible();
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
    await dialog.getByLabel('Tags', { exact: true }).fill('relationships');
    await dialog.getByLabel('Tags', { exact: true }).press('Enter');
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
    await answerWithText(page, 'Be yourself')
      .getByRole('button', { name: 'Reply', exact: true })
      .click();
    await everyWay(page, 'question-reply-open', { fullPage: true });
  });

  test('report dialog', async ({ page, request }) => {
    const q = await createQuestion(request);
    await page.goto(`/questions/${q.id}`);
    await questionArticle(page).getByRole('button', { name: 'Report' }).click();
    await expect(page.getByRole('dialog', { name: 'Report question' })).toBeVisible();
    await everyWay(page, 'report-dialog');
  });

  test('delete confirmation', async ({ page, request }) => {
    const q = await createQuestion(request);
    await page.goto(`/questions/${q.id}`);
    await page.getByLabel('Your reply').fill('To be deleted');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await answerWithText(page, 'To be deleted').getByRole('button', { name: 'Delete' }).click();
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
    await expect(
      page.getByRole('region', { name: 'My Questions' }).getByRole('listitem').first(),
    ).toBeVisible();
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

  test('phone menu, open (phones only)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `menu-open-${theme}-375.png`) });
      await expectAccessible(page, `menu open (${theme}, 375px)`);
      await page.keyboard.press('Escape');
    }
  });

  test('loading skeletons', async ({ page, request }) => {
    const q = await createQuestion(request);
    await withoutPageData(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/questions/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByTestId('question-skeleton').first()).toBeVisible();
    await everyWay(page, 'home-loading');
    await page.goto(`/questions/${q.id}`);
    await expect(page.getByTestId('question-skeleton')).toBeVisible();
    await everyWay(page, 'question-loading');
    release();
  });

  test('offline: the banner and a load failure with Retry', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Feed', exact: true })).toBeVisible();
    await context.setOffline(true);
    await page.getByLabel('Gender').selectOption('W');
    // The results' own Retry: the tag list, read again for the new filter, may fail too.
    await expect(
      page.getByRole('region', { name: 'Results' }).getByRole('button', { name: 'Retry' }),
    ).toBeVisible();
    await everyWay(page, 'offline');
    await context.setOffline(false);
  });

  test("Ask: tag limits and 'Discard this draft?'", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('textbox', { name: 'Question text' }).fill('Is it too soon?');
    await dialog.getByLabel('Tags', { exact: true }).fill('a tag that is far too long to be one');
    await expect(dialog.getByText('Tags can be at most 32 characters.')).toBeVisible();
    await everyWay(page, 'ask-tag-limit');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await everyWay(page, 'ask-discard');
  });

  test('a long thread, collapsed, with a reply just posted', async ({ page, request }) => {
    const q = await createQuestion(request, { text: `<p>A long thread ${uid()}</p>` });
    let parent = (await createAnswer(request, q.id, { text: 'Level 1' })).id;
    for (let level = 2; level <= 6; level++) {
      parent = (await createAnswer(request, q.id, { text: `Level ${level}`, parent_id: parent }))
        .id;
    }
    for (let i = 0; i < 22; i++) await createAnswer(request, q.id, { text: `Top ${i}` });
    await page.goto(`/questions/${q.id}`);
    await page.getByLabel('Your reply').fill('Just posted');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    // The tab's first post: the keep-access offer has the focus until Done, then the reply.
    const offer = keepAccessOffer(page);
    await expect(offer).toBeFocused();
    await offer.getByRole('button', { name: 'Done' }).click();
    await expect(answerWithText(page, 'Just posted')).toBeFocused();
    await everyWay(page, 'thread-long', { fullPage: true });
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
