/**
 * Moderation that finds the worst first and posts that say what they are: the "By post"
 * queue (hidden by reports, then crisis flags, then the rest; grouped with counts and
 * reasons; a group rejected at once), "Acknowledge, keep" on a crisis flag, the admin's
 * pending count on the phone's ☰ button, the "edited" mark, and the one line under
 * updates and above the asker's replies. Each new screen passes axe in both themes at 375
 * and 1280 px.
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import type { Locator, Page } from '@playwright/test';
import { createAnswer, createQuestion, createReport, loginAdmin, uid } from '../support/api.ts';
import { expect, expectToast, sessionIdOf, signInPage, test } from '../support/fixtures.ts';
import { everyWay } from '../support/screens.ts';

/** Clicks Load more until `cards` are all on the page (the shared queue may be long). */
async function loadUntilShown(page: Page, cards: Locator[]) {
  const more = page.getByRole('button', { name: 'Load more' });
  const state = async () => {
    const counts = await Promise.all(cards.map((card) => card.count()));
    if (counts.every((n) => n > 0)) return 'shown';
    return (await more.isVisible()) ? 'more' : 'loading';
  };
  for (let i = 0; i < 30; i += 1) {
    // Wait for the list (or its next page) to arrive before deciding.
    await expect.poll(state, { timeout: 20_000 }).not.toBe('loading');
    if ((await state()) === 'shown') return;
    await more.click();
  }
}

test.describe('trust and clarity', () => {
  test.setTimeout(180_000);

  test('By post lists hidden posts first, then crisis flags, then the rest, grouped', async ({
    page,
    request,
  }) => {
    const word = uid();
    // Oldest first: the routine report, the crisis flag, then the post hidden by reports.
    const routine = await createQuestion(request, { text: `<p>Routine ${word}</p>` });
    await createReport(request, { question: routine.id }, { reason: 'spam', details: 'ads' });
    await createReport(request, { question: routine.id }, { reason: 'spam' });
    const crisis = await createQuestion(request, {
      text: `<p>Some nights I want to die ${word}</p>`,
    });
    const hidden = await createQuestion(request, { text: `<p>Hidden ${word}</p>` });
    for (const reason of ['harassment', 'offensive', 'harassment']) {
      await createReport(request, { question: hidden.id }, { reason });
    }

    await signInPage(page, await loginAdmin(request));
    await page.goto('/admin/reports');
    await page.getByRole('tab', { name: 'By post' }).click();
    await expect(page).toHaveURL(/tab=posts/);
    await expect(page.getByRole('heading', { name: 'Reports by post, worst first' })).toBeVisible();
    const groups = page.getByTestId('report-group');
    const card = (id: number) => page.getByRole('article', { name: `Question #${id}` });
    await loadUntilShown(page, [card(hidden.id), card(crisis.id), card(routine.id)]);

    // The order on the page: every hidden group, then every crisis one, then the rest.
    const priorities = await groups.evaluateAll((nodes) =>
      nodes.map((n) => n.getAttribute('data-priority')),
    );
    const rank = (p: string | null) => ['hidden', 'crisis', 'reported'].indexOf(p ?? '');
    expect(priorities.map(rank)).toEqual([...priorities.map(rank)].sort((x, y) => x - y));
    const place = async (id: number) =>
      (await groups.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')))).indexOf(
        `Question #${id}`,
      );
    expect(await place(hidden.id)).toBeLessThan(await place(crisis.id));
    expect(await place(crisis.id)).toBeLessThan(await place(routine.id));

    // Grouped: one card per post, with its count and reasons.
    await expect(card(hidden.id)).toHaveCount(1);
    await expect(card(hidden.id).getByText('Hidden by reports')).toBeVisible();
    await expect(card(hidden.id).getByTestId('group-count')).toContainText('3 reports');
    await expect(card(hidden.id).getByTestId('group-reasons')).toHaveText(
      /Harassment ×2\s*Offensive Language ×1/,
    );
    await expect(card(crisis.id).getByTestId('report-flag')).toHaveText(
      'Flagged by the crisis check: Self-harm or suicide',
    );
    await expect(card(routine.id).getByTestId('group-count')).toContainText('2 reports');
    await expect(card(routine.id).getByText('ads')).toBeVisible();

    await card(hidden.id).scrollIntoViewIfNeeded();
    await everyWay(page, 'reports-by-post');

    // One action rejects the whole group and shows the post again.
    await card(hidden.id).getByRole('button', { name: 'Reject (Keep Content)' }).click();
    await expectToast(page, 'Content kept; 3 reports closed.');
    await expect(card(hidden.id)).toHaveCount(0);
    const shown = await request.get(`/api/questions/${hidden.id}/`);
    expect((await shown.json()).hidden).toBe(false);
    // The same for approval: the routine post goes, once, with both reports.
    await card(routine.id).getByRole('button', { name: 'Approve (Delete Content)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Content deleted; 2 reports closed.');
    await expect(card(routine.id)).toHaveCount(0);
    expect((await request.get(`/api/questions/${routine.id}/`)).status()).toBe(404);
  });

  test('"Acknowledge, keep" takes a crisis flag off the queue and keeps the post', async ({
    page,
    request,
  }) => {
    const text = `I do not want to live anymore ${uid()}`;
    const q = await createQuestion(request, { text: `<p>${text}</p>` });
    await signInPage(page, await loginAdmin(request));
    await page.goto('/admin/reports');
    const cards = page.getByRole('article', { name: /^Report #\d+$/ });
    const card = cards.filter({ hasText: text });
    await loadUntilShown(page, [card]);
    await expect(card.getByRole('button', { name: 'Approve (Delete Content)' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reject (Keep Content)' })).toBeVisible();
    const acknowledge = card.getByRole('button', { name: 'Acknowledge, keep' });
    await expect(acknowledge).toHaveAccessibleDescription(
      'Records that you saw this crisis flag and keeps the post. Nothing is deleted.',
    );
    await card.scrollIntoViewIfNeeded();
    await everyWay(page, 'acknowledge-flag');
    await acknowledge.click();
    await expectToast(page, 'Crisis flag acknowledged: the post stays.');
    await expect(card).toHaveCount(0);
    const post = await request.get(`/api/questions/${q.id}/`);
    expect(post.status()).toBe(200);
    expect((await post.json()).hidden).toBe(false);
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(
      page
        .getByRole('article', {
          name: `Crisis flag acknowledged (content kept): Question #${q.id}`,
        })
        .first(),
    ).toBeVisible();
  });

  test('on a phone, ☰ shows the admin the pending reports, and says so', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request);
    await createReport(request, { question: q.id });
    await page.setViewportSize({ width: 375, height: 812 });
    await signInPage(page, await loginAdmin(request));
    await page.goto('/');
    const badge = page.getByTestId('menu-pending-count');
    await expect(badge).toBeVisible();
    const pending = Number(await badge.textContent());
    expect(pending).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: /^Menu, / })).toHaveAccessibleName(
      new RegExp(`${pending} pending reports?$`),
    );
    await everyWay(page, 'menu-pending-count');
  });

  test('an edited post says "edited" with the time; updates and This helped say what they are for', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const asker = (await sessionIdOf(page)) as string;
    const q = await createQuestion(
      request,
      { text: `<p>Edit me ${uid()}</p>` },
      {
        sessionId: asker,
      },
    );
    const replier = strongSessionId(randomUUID);
    const a = await createAnswer(request, q.id, { text: 'First thought' }, { sessionId: replier });
    await createAnswer(request, q.id, { text: 'Never edited' });
    const edit = await request.patch(`/api/answers/${a.id}/`, {
      headers: { 'X-Session-Id': replier },
      data: { text: 'Second thought', session_id: replier },
    });
    expect(edit.ok()).toBe(true);
    const editedQ = await request.patch(`/api/questions/${q.id}/`, {
      headers: { 'X-Session-Id': asker },
      data: { text: '<p>Edited question</p>', session_id: asker },
    });
    expect(editedQ.ok()).toBe(true);
    const editedAt = (await editedQ.json()).edited_at as string;

    await page.goto(`/questions/${q.id}`);
    const question = page.getByRole('article').first();
    const mark = page.getByTestId('edited-mark').first();
    await expect(mark).toContainText('edited');
    await expect(mark.locator('time')).toHaveAttribute('datetime', editedAt);
    const editedReply = page.getByTestId('answer').filter({ hasText: 'Second thought' });
    await expect(editedReply.getByTestId('edited-mark')).toBeVisible();
    const plainReply = page.getByTestId('answer').filter({ hasText: 'Never edited' });
    await expect(plainReply.getByTestId('edited-mark')).toHaveCount(0);
    await expect(question).toBeVisible();

    // The asker sees what "This helped" and updates are for.
    await expect(page.getByTestId('helped-hint')).toContainText('"This helped"');
    await expect(page.getByTestId('updates-hint')).toBeVisible();
    await everyWay(page, 'edited-and-hints', { fullPage: true });
  });
});
