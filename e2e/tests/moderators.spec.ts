/**
 * Moderators (issue 39): an admin appoints one on the Moderators screen; the moderator's
 * screens show the queue's health, the queue, the log and the silences, and nothing of the
 * admins' own; a moderator silences the author of an anonymous post from the queue, sees it
 * listed as what it was made from, and lifts it; the silenced author sees a banner. Each
 * screen passes axe in both themes on a phone (375 px) and a desktop (1280 px).
 */
import type { APIRequestContext } from '@playwright/test';
import {
  createQuestion,
  createReport,
  createUser,
  login,
  loginAdmin,
  type Tokens,
  uid,
} from '../support/api.ts';
import { expect, expectToast, sessionIdOf, signInPage, test } from '../support/fixtures.ts';
import { everyWay } from '../support/screens.ts';

const bearer = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.access}` });

/** A new account made a moderator by the admin, signed in. */
async function newModerator(request: APIRequestContext) {
  const user = await createUser(request, 'mod');
  const res = await request.post('/api/moderation/moderators/', {
    headers: bearer(await loginAdmin(request)),
    data: { username: user.username },
  });
  expect(res.status()).toBe(200);
  return { user, tokens: await login(request, user.username, user.password) };
}

test.describe('moderators', () => {
  test.setTimeout(180_000);

  test('an admin appoints and removes a moderator on the Moderators screen', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'cand');
    await signInPage(page, await loginAdmin(request));
    await page.goto('/admin/reports?tab=moderators');
    await expect(page.getByRole('heading', { name: 'Moderators', level: 1 })).toBeVisible();
    await expect(page.getByTestId('queue-health')).toBeVisible();
    await page.getByLabel('Username').fill(user.username);
    await page.getByRole('button', { name: 'Appoint' }).click();
    await expectToast(page, `${user.username} is now a moderator.`);
    const remove = page.getByRole('button', { name: `Remove ${user.username} as moderator` });
    await expect(remove).toBeVisible();
    await everyWay(page, 'moderators');

    await page.getByLabel('Username').fill(`nobody_${uid()}`);
    await page.getByRole('button', { name: 'Appoint' }).click();
    await expect(page.getByText('No account has this username.')).toBeVisible();

    await remove.click();
    await expectToast(page, `${user.username} is no longer a moderator.`);
    await expect(remove).toHaveCount(0);
  });

  test('a moderator sees the queue, its health and the log, silences an author and lifts it', async ({
    page,
    request,
  }) => {
    const word = uid();
    const q = await createQuestion(request, { text: `<p>Spam spam ${word}</p>` });
    await createReport(request, { question: q.id }, { reason: 'spam' });
    const { user, tokens } = await newModerator(request);

    await signInPage(page, tokens);
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Pending Reports', level: 1 })).toBeVisible();
    await expect(page.getByTestId('queue-health')).toContainText(/\d+ pending/);
    // Everything a moderator may do, and nothing of the admins' own.
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Pending Reports', 'By post', 'Activity', 'Silences']);
    await everyWay(page, 'moderator-queue');

    await page.getByRole('tab', { name: 'By post' }).click();
    const card = page.getByRole('article', { name: `Question #${q.id}` });
    for (let i = 0; i < 20 && (await card.count()) === 0; i += 1) {
      const more = page.getByRole('button', { name: 'Load more' });
      await expect(more.or(card)).toBeVisible({ timeout: 20_000 });
      if ((await card.count()) === 0) await more.click();
    }
    await card.getByRole('button', { name: 'Silence author' }).click();
    const form = card.getByRole('form', { name: `Silence the author of Question #${q.id}` });
    await form.getByLabel('Days').selectOption('7');
    await form.getByLabel('Reason (the author sees it)').fill('Posting spam links');
    await everyWay(page, 'moderator-silence-form');
    await form.getByRole('button', { name: 'Silence', exact: true }).click();
    await expectToast(page, 'Author silenced for 7 days.');

    await page.getByRole('tab', { name: 'Silences' }).click();
    const silence = page.getByRole('article', { name: `author of question ${q.id}` });
    await expect(silence).toContainText('Posting spam links');
    await everyWay(page, 'moderator-silences');

    await page.getByRole('tab', { name: 'Activity' }).click();
    const entry = page
      .getByRole('article')
      .filter({ hasText: `Author of question #${q.id} silenced for 7 days` });
    await expect(entry).toContainText(`by ${user.username} (moderator)`);
    await everyWay(page, 'moderator-activity');

    await page.getByRole('tab', { name: 'Silences' }).click();
    await silence
      .getByRole('button', { name: `Lift the silence of the author of question ${q.id}` })
      .click();
    await expectToast(page, 'Silence lifted.');
    await expect(silence).toHaveCount(0);
  });

  test('a moderator cannot reach the admins-only Moderators tab', async ({ page, request }) => {
    const { tokens } = await newModerator(request);
    await signInPage(page, tokens);
    await page.goto('/admin/reports?tab=moderators');
    await expect(page.getByRole('heading', { name: 'Pending Reports', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Moderators' })).toHaveCount(0);
  });

  test('a silenced author sees a banner saying why and until when', async ({ page, request }) => {
    await page.goto('/');
    const key = await sessionIdOf(page);
    const q = await createQuestion(request, { text: `<p>Mine ${uid()}</p>` }, { sessionId: key });
    const res = await request.post('/api/moderation/silences/', {
      headers: bearer(await loginAdmin(request)),
      data: { question: q.id, days: 3, reason: 'Harassing other members' },
    });
    expect(res.status()).toBe(201);
    await page.reload();
    const banner = page.getByTestId('silenced-banner');
    await expect(banner).toContainText('You cannot post for now');
    await expect(banner).toContainText('Harassing other members');
    await everyWay(page, 'silenced-banner');
  });
});
