import {
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  login,
  loginAdmin,
  uid,
} from '../support/api.ts';
import { expect, expectToast, signInPage, test } from '../support/fixtures.ts';

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
});

test.describe('admin moderation', () => {
  test('a visitor or a plain user cannot load reports', async ({ page, request }) => {
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Pending Reports' })).toBeVisible();
    await expect(page.getByText('Failed to load reports.')).toBeVisible();
    const user = await createUser(request, 'plain');
    const other = await page.context().browser()?.newContext();
    if (!other) throw new Error('no browser');
    const p = await other.newPage();
    await signInPage(p, await login(request, user.username, user.password));
    await p.goto('/admin/reports');
    await expect(p.getByText('Failed to load reports.')).toBeVisible();
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
    // Approving deletes the content, so it asks first; Cancel keeps everything.
    await first.getByRole('button', { name: 'Approve (Delete Content)' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Delete this question?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(first).toBeVisible();
    await first.getByRole('button', { name: 'Approve (Delete Content)' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(first).toHaveCount(0);
    const gone = await request.get(`/api/questions/${q.id}/`);
    expect(gone.status()).toBe(404);
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
