import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createAnswer, createQuestion, createUser, login, uid } from '../support/api.ts';
import {
  expect,
  expectToast,
  keepAccessOffer,
  sessionIdOf,
  signInPage,
  test,
} from '../support/fixtures.ts';

/** Opens a private key item of the header: behind "Private key" on a desktop, in the menu on a phone. */
async function headerKeyItem(page: Page, name: string) {
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  else await header.getByRole('button', { name: 'Private key', exact: true }).click();
  await header.getByRole('button', { name, exact: true }).click();
}

/** Saves the file the page downloads on `click`, and reads it as JSON. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/^dating-advice-data-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await download.path();
  return JSON.parse(await readFile(path, 'utf8')) as {
    identity: { type: string; username: string | null };
    questions: { text: string }[];
    answers: { text: string }[];
    likes: { listed: boolean; reason: string | null };
  };
}

test.describe('yours to keep, yours to erase', () => {
  test('an account downloads its data, then deletes itself with its posts and is signed out', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'leaving');
    const tokens = await login(request, user.username, user.password);
    const word = `Leaving${uid()}`;
    const q = await createQuestion(request, { text: `<p>${word} question</p>` }, { tokens });
    const other = await createQuestion(request);
    await createAnswer(request, other.id, { text: `${word} reply` }, { tokens });
    await signInPage(page, tokens);
    await page.goto('/my/content');

    const data = page.getByRole('region', { name: 'Your data' });
    const doc = await downloaded(page, () =>
      data.getByRole('button', { name: 'Download my data' }).click(),
    );
    expect(doc.identity).toMatchObject({ type: 'account', username: user.username });
    expect(doc.questions.map((x) => x.text)).toEqual([`<p>${word} question</p>`]);
    expect(doc.answers.map((x) => x.text)).toEqual([`${word} reply`]);

    const section = page.getByRole('region', { name: 'Delete my account' });
    await section.getByLabel('Password').fill('not the password');
    await section.getByRole('radio', { name: /^Delete them/ }).check();
    await section.getByRole('button', { name: 'Delete my account…' }).click();
    let confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await expect(section.getByText('The password is not correct.')).toBeVisible();

    await section.getByLabel('Password').fill(user.password);
    await section.getByRole('button', { name: 'Delete my account…' }).click();
    confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(confirm.getByText(/your questions and replies are deleted/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await expectToast(page, 'Your account was deleted.');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    expect((await request.get(`/api/questions/${q.id}/`)).status()).toBe(404);
    const again = await request.post('/api/token/', {
      data: { username: user.username, password: user.password },
    });
    expect(again.status()).toBe(401);
  });

  test('a key downloads its data, then forgets itself and erases what it posted, after naming the counts', async ({
    page,
    request,
  }) => {
    const word = `Erased${uid()}`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask a Question' });
    await ask.getByRole('textbox', { name: 'Question text' }).fill(`${word} question`);
    await ask.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');
    await keepAccessOffer(page).getByRole('button', { name: 'Done' }).click();
    const key = await sessionIdOf(page);
    expect(key).not.toBeNull();
    const mine = await request.get('/api/my/anonymous/', {
      headers: { 'X-Session-Id': key as string },
    });
    const [question] = (await mine.json()) as { id: number }[];
    const questionId = (question as { id: number }).id;
    await createAnswer(request, questionId, { text: `A reply to ${word}` });

    // My Content offers the key its data.
    await page.goto('/my/content');
    const doc = await downloaded(page, () =>
      page
        .getByRole('region', { name: 'Your data' })
        .getByRole('button', { name: 'Download my data' })
        .click(),
    );
    expect(doc.identity.type).toBe('anonymous_key');
    expect(doc.questions).toHaveLength(1);
    expect(doc.likes.listed).toBe(false);
    expect(doc.likes.reason).toMatch(/MAC/);

    // The key's own dialog: the counts first, then the erasure.
    await headerKeyItem(page, 'My private key');
    const dialog = page.getByRole('dialog', { name: 'Keep access to your posts' });
    await dialog.getByRole('button', { name: 'Forget this key and erase what it posted' }).click();
    await expect(dialog.getByTestId('erase-key-counts')).toHaveText(
      /This erases 1 question, 0 replies, 0 updates, 1 follow, 1 notification and 0 devices/,
    );
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await expectToast(
      page,
      'Erased 1 question, 0 replies, 0 updates, 1 follow, 1 notification and 0 devices. This tab has a new key.',
    );
    await expect(dialog).toHaveCount(0);
    const newKey = await sessionIdOf(page);
    expect(newKey).not.toBe(key);
    expect((await request.get(`/api/questions/${questionId}/`)).status()).toBe(404);
  });
});
