import {
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  login,
  loginAdmin,
  uid,
} from '../support/api.ts';
import { expect, expectAccessible, expectToast, signInPage, test } from '../support/fixtures.ts';

/** A pending report as the API lists it, whose content is gone. */
const pendingReport = (id: number) => ({
  id,
  question: null as number | null,
  answer: null,
  target_type: 'question',
  reason: 'spam',
  details: null,
  session_id: 'ab12cd34',
  status: 'pending',
  created_at: new Date().toISOString(),
  reviewed_at: null,
  content: null,
  source: 'reporter',
  categories: [] as string[],
});

/** A moderation log entry as the API lists it. */
const logEntry = (id: number, action: string) => ({
  id,
  action,
  admin: { id: 1, username: 'admin' },
  created_at: new Date().toISOString(),
  target_type: 'answer',
  target_id: id,
  question: 7,
  report: null,
  note: null,
  snapshot: null,
});

test.describe('admin moderation', () => {
  test('a visitor or a plain user cannot load reports', async ({ page, request }) => {
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Pending Reports' })).toBeVisible();
    await expect(page.getByText('Failed to load reports.')).toBeVisible();
    await expect(page.getByText('Only moderators can see this page.')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }),
    ).toHaveAttribute('href', '/login');
    // No Moderation link in the header for them.
    await expect(page.getByRole('link', { name: /^Moderation/ })).toHaveCount(0);
    await expectAccessible(page, 'admin page for a visitor');
    const user = await createUser(request, 'plain');
    const other = await page.context().browser()?.newContext();
    if (!other) throw new Error('no browser');
    const p = await other.newPage();
    await signInPage(p, await login(request, user.username, user.password));
    await p.goto('/admin/reports');
    await expect(p.getByText('Failed to load reports.')).toBeVisible();
    await expect(p.getByText('Only moderators can see this page.')).toBeVisible();
    await expect(p.getByRole('link', { name: /^Moderation/ })).toHaveCount(0);
    await other.close();
  });

  test('reports show their facts and content; reject keeps, approve deletes', async ({
    page,
    request,
  }) => {
    const word = `Reported${uid()}`;
    const q = await createQuestion(request, { text: `<p>${word} question</p>` });
    const a = await createAnswer(request, q.id, { text: `${word} answer` });
    const r1 = await createReport(
      request,
      { question: q.id },
      { reason: 'harassment', details: 'Mean words' },
    );
    const r2 = await createReport(request, { answer: a.id }, { reason: 'other' });
    await signInPage(page, await loginAdmin(request));
    await page.goto('/admin/reports');

    const first = page.getByRole('article', { name: `Report #${r1.id}` });
    await expect(first.getByText('Question', { exact: true })).toBeVisible();
    await expect(first.getByText('Harassment')).toBeVisible();
    await expect(first.getByText('Mean words')).toBeVisible();
    await expect(first.getByText(`${word} question`)).toBeVisible();
    const facts = first.getByRole('definition');
    await expect(facts.nth(3)).not.toHaveText('');
    await expect(first.getByRole('time')).not.toHaveText('');
    const second = page.getByRole('article', { name: `Report #${r2.id}` });
    await expect(second.getByText('Answer', { exact: true })).toBeVisible();
    await expect(second.getByText('Other', { exact: true })).toBeVisible();
    await expect(second.getByRole('definition').nth(2)).toHaveText('—');
    await expect(second.getByText(`${word} answer`)).toBeVisible();

    await second.getByRole('button', { name: 'Reject (Keep Content)' }).click();
    await expect(second).toHaveCount(0);
    await expectToast(page, 'Report rejected: the content stays.');
    // Approving deletes the content, so it asks first; Cancel keeps everything.
    await first.getByRole('button', { name: 'Approve (Delete Content)' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Delete this question?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(first).toBeVisible();
    await first.getByRole('button', { name: 'Approve (Delete Content)' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(first).toHaveCount(0);
    await expectToast(page, 'Report approved: the content was deleted.');
    const gone = await request.get(`/api/questions/${q.id}/`);
    expect(gone.status()).toBe(404);

    // Both decisions are in the Activity tab, newest first.
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/\?tab=activity$/);
    await expect(page.getByRole('heading', { name: 'Moderation activity' })).toBeVisible();
    await expect(
      page.getByRole('article', { name: `Approved (content deleted): Question #${q.id}` }),
    ).toBeVisible();
    const rejected = page.getByRole('article', {
      name: `Rejected (content kept): Reply #${a.id}`,
    });
    await expect(rejected).toBeVisible();
    await expect(rejected.getByText(`Report #${r2.id}`)).toBeVisible();
    await expect(rejected.getByText('by admin')).toBeVisible();
    const deleted = page.getByRole('article', {
      name: `Approved (content deleted): Question #${q.id}`,
    });
    await expect(deleted.getByText(`${word} question`)).toBeVisible();
    await expectAccessible(page, 'admin activity tab');
  });

  test('the header shows admins a Moderation link with the pending count', async ({
    page,
    request,
  }) => {
    await signInPage(page, await loginAdmin(request));
    await page.route('**/api/moderation/summary/', (route) =>
      route.fulfill({ json: { pending: 2, flagged: 1, hidden: 0 } }),
    );
    await page.goto('/');
    const link = page.getByRole('link', { name: 'Moderation 2 pending reports' });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { name: 'Pending Reports' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Pending Reports' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // The real count, from the server.
    await page.unroute('**/api/moderation/summary/');
    const summary = await (
      await request.get('/api/moderation/summary/', {
        headers: { Authorization: `Bearer ${(await loginAdmin(request)).access}` },
      })
    ).json();
    expect(Number.isInteger(summary.pending)).toBe(true);
    await page.reload();
    await expect(
      page.getByRole('link', { name: /^Moderation \d+ pending reports?$/ }),
    ).toBeVisible();
  });

  test('posts the crisis check flagged come first, marked with their category', async ({
    page,
    request,
  }) => {
    const crisis = `Some nights I want to die ${uid()}`;
    await createQuestion(request, { text: `<p>${crisis}</p>` });
    const plain = await createQuestion(request, { text: `<p>Plain ${uid()}</p>` });
    await createReport(request, { question: plain.id }, { reason: 'spam' });
    await signInPage(page, await loginAdmin(request));
    await page.goto('/admin/reports');
    const cards = page.getByRole('article', { name: /^Report #\d+$/ });
    await expect(cards.first()).toBeVisible();
    // Flagged reports are listed before every report by a person.
    await expect(cards.first().getByTestId('report-flag')).toBeVisible();
    const card = cards.filter({ hasText: crisis });
    await expect(card.getByTestId('report-flag')).toHaveText(
      'Flagged by the crisis check: Self-harm or suicide',
    );
  });

  test('the Activity tab pages with Load more', async ({ page, request }) => {
    await signInPage(page, await loginAdmin(request));
    await page.route('**/api/moderation/log/**', (route) => {
      const second = new URL(route.request().url()).searchParams.has('cursor');
      return second
        ? route.fulfill({ json: [logEntry(900_002, 'auto_hide')] })
        : route.fulfill({
            json: [logEntry(900_001, 'reject')],
            headers: { Link: '</api/moderation/log/?limit=1&cursor=abc>; rel="next"' },
          });
    });
    await page.goto('/admin/reports?tab=activity');
    await expect(
      page.getByRole('article', { name: 'Rejected (content kept): Reply #900001' }),
    ).toBeVisible();
    await expect(page.getByRole('article', { name: /Reply #900002/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(
      page.getByRole('article', { name: 'Hidden automatically: Reply #900002' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // The tabs work by keyboard.
    await page.getByRole('tab', { name: 'Activity' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'By post' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Pending Reports' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Pending Reports' })).toBeVisible();
  });

  test('update failure, empty list and missing content', async ({ page, request }) => {
    const q = await createQuestion(request);
    const r = await createReport(request, { question: q.id });
    await signInPage(page, await loginAdmin(request));
    await page.route('**/api/reports/*/', (route) =>
      route.fulfill({
        status: 403,
        json: { detail: 'You do not have permission to perform this action.' },
      }),
    );
    await page.goto('/admin/reports');
    const card = page.getByRole('article', { name: `Report #${r.id}` });
    await card.getByRole('button', { name: 'Reject (Keep Content)' }).click();
    await expectToast(page, 'Failed to update report. Make sure you’re logged in as an admin...');

    await page.route('**/api/reports/', (route) => route.fulfill({ json: [] }));
    await page.reload();
    await expect(page.getByText('No pending reports.')).toBeVisible();

    await page.route('**/api/reports/', (route) =>
      route.fulfill({ json: [{ ...pendingReport(999_999), question: 123 }] }),
    );
    await page.reload();
    await expect(page.getByText('Content not available')).toBeVisible();
  });

  test('more than one page of reports: Load more follows the Link header', async ({
    page,
    request,
  }) => {
    await signInPage(page, await loginAdmin(request));
    await page.route('**/api/reports/**', (route) => {
      const second = new URL(route.request().url()).searchParams.has('after');
      return second
        ? route.fulfill({ json: [pendingReport(800_002)] })
        : route.fulfill({
            json: [pendingReport(800_001)],
            headers: { Link: '</api/reports/?limit=1&after=800001>; rel="next"' },
          });
    });
    await page.goto('/admin/reports');
    await expect(page.getByRole('article', { name: 'Report #800001' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Report #800002' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.getByRole('article', { name: 'Report #800002' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });
});
