/**
 * Reporting as a visitor meets it: no Report button on one's own posts (the server refuses
 * those), and a post reported once reads "Reported"; a second report, from a fresh tab of
 * the same key, shows the server's "You have already reported this." rather than the
 * generic failure.
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import { createAnswer, createQuestion, uid } from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectToast,
  questionArticle,
  sessionIdOf,
  test,
} from '../support/fixtures.ts';

test.describe('reporting', () => {
  test("one's own question and reply show no Report button", async ({ page, request }) => {
    await page.goto('/');
    const sessionId = await sessionIdOf(page);
    if (!sessionId) throw new Error('the tab made no key');
    const q = await createQuestion(request, { text: `<p>Mine ${uid()}</p>` }, { sessionId });
    await createAnswer(request, q.id, { text: 'My own reply' }, { sessionId });
    await createAnswer(request, q.id, { text: 'Someone else replies' });
    await page.goto(`/questions/${q.id}`);
    await expect(questionArticle(page)).toBeVisible();
    await expect(questionArticle(page).getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(questionArticle(page).getByRole('button', { name: 'Report' })).toHaveCount(0);
    const mine = answerWithText(page, 'My own reply');
    await expect(mine.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Report' })).toHaveCount(0);
    await expect(
      answerWithText(page, 'Someone else replies').getByRole('button', { name: 'Report' }),
    ).toBeVisible();
  });

  test('a reported post reads "Reported"; a repeat shows the server\'s message', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request, { text: `<p>Report me ${uid()}</p>` });
    await createAnswer(request, q.id, { text: 'A reply to report' });
    await page.goto(`/questions/${q.id}`);

    // A first report: the spec's thanks, then the button shows it was made.
    await questionArticle(page).getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report question' });
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Thanks, the admin will review your report.');
    await expect(dialog).toBeHidden();
    const reported = questionArticle(page).getByRole('button', { name: 'Reported' });
    await expect(reported).toBeDisabled();

    // A reply too.
    await page.reload();
    const reply = answerWithText(page, 'A reply to report');
    await reply.getByRole('button', { name: 'Report' }).click();
    await page
      .getByRole('dialog', { name: 'Report answer' })
      .getByRole('button', { name: 'Submit Report' })
      .click();
    await expectToast(page, 'Thanks, the admin will review your report.');
    await expect(reply.getByRole('button', { name: 'Reported' })).toBeDisabled();

    // After a reload the tab has forgotten the question's report, but the server has not:
    // its message, not the generic failure, and the button learns it.
    await page.reload();
    await questionArticle(page).getByRole('button', { name: 'Report' }).click();
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'You have already reported this.');
    await expect(page.getByText('Error submitting report.')).toHaveCount(0);
    await expect(dialog).toBeHidden();
    await expect(questionArticle(page).getByRole('button', { name: 'Reported' })).toBeDisabled();
  });

  test('the API refuses a repeated report: 400 with its detail', async ({ request }) => {
    const q = await createQuestion(request, { text: `<p>Report twice ${uid()}</p>` });
    const sessionId = strongSessionId(randomUUID);
    const report = () =>
      request.post('/api/reports/', {
        headers: { 'X-Session-Id': sessionId, 'X-Forwarded-For': '198.19.7.1' },
        data: { question: q.id, reason: 'spam', details: '', session_id: sessionId },
      });
    expect((await report()).status()).toBe(201);
    const again = await report();
    expect(again.status()).toBe(400);
    expect(await again.json()).toEqual({
      code: 'alreadyReported',
      detail: 'You have already reported this.',
    });
  });
});
