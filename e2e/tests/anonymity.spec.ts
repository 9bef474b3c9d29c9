/**
 * The private key in the browser: keeping a tab's key after an anonymous post,
 * restoring it in another tab or browser, listing its posts, moving them into an account,
 * and the thread pseudonyms.
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import type { Page } from '@playwright/test';
import { createAnswer, createQuestion, createUser, login, uid } from '../support/api.ts';
import { BASE_URL } from '../support/env.ts';
import {
  answerWithText,
  expect,
  expectToast,
  feedCards,
  questionArticle,
  recordToasts,
  sessionIdOf,
  signInPage,
  test,
} from '../support/fixtures.ts';

const newKey = () => strongSessionId(randomUUID);

const WHY =
  'Anyone holding this key can edit or delete the posts made with it, so keep it private.';
const RESTORED = 'Private key restored: this tab owns its posts again.';

/** The offer after a tab's first anonymous post. */
const offer = (page: Page) => page.getByRole('complementary', { name: 'Keep access to this post' });

/** Opens a private key item of the header: behind "Private key" on a desktop, in the menu on a phone. */
async function headerKeyItem(page: Page, name: string) {
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  else await header.getByRole('button', { name: 'Private key', exact: true }).click();
  await header.getByRole('button', { name, exact: true }).click();
}

async function openUseKey(page: Page) {
  await headerKeyItem(page, 'Use my private key');
  const dialog = page.getByRole('dialog', { name: 'Use my private key' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function postReply(page: Page, text: string) {
  await page.getByLabel('Your reply').fill(text);
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(answerWithText(page, text)).toBeVisible();
}

test.describe('the private key', () => {
  test('post, keep the key, close the tab, restore it elsewhere, edit and delete, move the posts into an account, see them in My Content', async ({
    page,
    context,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // (1) Post anonymously: a question.
    const word = `Kept${uid()}`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask a Question' });
    await ask.getByRole('textbox', { name: 'Question text' }).fill(`${word} question`);
    await ask.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');

    // (2) "Keep access to this post": the key as a private link and a code, why it must stay
    // private, and a switch (off by default) that saves it on this device.
    const keep = offer(page);
    await expect(keep).toBeVisible();
    await expect(keep.getByText(WHY)).toBeVisible();
    const code = await keep.getByLabel('Code').inputValue();
    expect(code).toBe(await sessionIdOf(page));
    await expect(keep.getByLabel('Private link')).toHaveValue(`${BASE_URL}/#key=${code}`);
    const save = keep.getByRole('switch', { name: 'Save it on this device' });
    await expect(save).not.toBeChecked();
    await save.check();
    await expect(save).toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('private_key'))).toBe(code);
    await keep.getByRole('button', { name: 'Done' }).click();
    await expect(keep).toHaveCount(0);

    // Two replies with the same key; the offer does not come back in this tab.
    await feedCards(page)
      .filter({ hasText: word })
      .getByRole('link', { name: 'View question and replies' })
      .click();
    await postReply(page, `${word} reply one`);
    await postReply(page, `${word} reply two`);
    await expect(keep).toHaveCount(0);
    const questionUrl = page.url();

    // (3) Close the tab. A new tab has a key of its own: the posts are not its own there.
    await page.close();
    const tab = await context.newPage();
    await tab.goto(questionUrl);
    await expect(answerWithText(tab, `${word} reply one`)).toBeVisible();
    await expect(answerWithText(tab, `${word} reply one`).getByText('(yours)')).toHaveCount(0);
    // The key saved on this device gives them back.
    const useSaved = await openUseKey(tab);
    await useSaved.getByRole('button', { name: 'Use the key saved on this device' }).click();
    await expectToast(tab, RESTORED);
    await expect(answerWithText(tab, `${word} reply one`).getByText('(yours)')).toBeVisible();
    await tab.close();

    // (4) Another browser, with nothing saved: paste the code.
    const elsewhere = await browser.newContext();
    await recordToasts(elsewhere);
    try {
      const other = await elsewhere.newPage();
      await other.goto(questionUrl);
      const one = answerWithText(other, `${word} reply one`);
      const two = answerWithText(other, `${word} reply two`);
      await expect(one).toBeVisible();
      await expect(one.getByText('(yours)')).toHaveCount(0);
      await expect(one.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      const use = await openUseKey(other);
      await expect(
        use.getByRole('button', { name: 'Use the key saved on this device' }),
      ).toHaveCount(0);
      await expect(use.getByText("This tab's current key will be replaced.")).toBeVisible();
      await use.getByLabel('Code or private link').fill(code);
      await use.getByRole('button', { name: 'Use this key' }).click();
      await expectToast(other, RESTORED);
      await expect(use).toHaveCount(0);
      expect(await sessionIdOf(other)).toBe(code);

      // (5) The tab owns the posts again: "(yours)" on the key's replies, Edit and Delete.
      await expect(one.getByText('(yours)')).toBeVisible();
      await expect(two.getByText('(yours)')).toBeVisible();
      await expect(questionArticle(other).getByText('(yours)')).toBeVisible();
      await one.getByRole('button', { name: 'Edit' }).click();
      await other.getByRole('textbox', { name: 'Edit reply' }).fill(`${word} reply one, edited`);
      await other.getByRole('button', { name: 'Save' }).click();
      await expectToast(other, 'Reply updated successfully.');
      await expect(answerWithText(other, `${word} reply one, edited`)).toBeVisible();
      await two.getByRole('button', { name: 'Delete' }).click();
      await other.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expectToast(other, 'Reply deleted.');
      await expect(two).toHaveCount(0);

      // (6) A new account, logged in in this tab, takes the posts: the tab's key from before
      // logging in is offered, the dialog lists exactly what moves, and asks to confirm.
      const user = await createUser(request, 'claimer');
      await other.goto('/login');
      await other.getByLabel('Username or Email').fill(user.username);
      await other.getByLabel('Password').fill(user.password);
      await other.getByRole('button', { name: 'Login' }).last().click();
      await expectToast(other, 'Login successful!');
      await other.getByRole('link', { name: 'My Content' }).click();
      await expect(other.getByText('No questions yet.')).toBeVisible();
      await expect(other.getByText('No replies yet.')).toBeVisible();
      await other.getByRole('button', { name: 'Move my anonymous posts to this account' }).click();
      const claim = other.getByRole('dialog', { name: 'Move my anonymous posts to this account' });
      await expect(
        claim.getByRole('radio', { name: "This tab's key from before you logged in" }),
      ).toBeChecked();
      await claim.getByRole('button', { name: 'Show the posts' }).click();
      await expect(claim.getByText('These posts will move: 1 question and 1 reply.')).toBeVisible();
      const moving = claim.getByTestId('anonymous-posts').getByRole('listitem');
      await expect(moving).toHaveCount(2);
      await expect(moving.nth(0)).toContainText(`${word} reply one, edited`);
      await expect(moving.nth(1)).toContainText(`${word} question`);
      await expect(
        claim.getByText(
          "Your account will own them: only this site's operators can see that it wrote them, and nothing else moves (likes and reports made with the key stay as they were).",
        ),
      ).toBeVisible();
      await claim.getByRole('button', { name: 'Move 2 posts' }).click();
      await expectToast(other, 'Moved 2 posts to your account.');
      await expect(claim).toHaveCount(0);

      // (7) My Content lists them as the account's; the key owns nothing any more.
      await expect(
        other
          .getByRole('region', { name: 'My Questions' })
          .getByRole('link', { name: `${word} question` }),
      ).toBeVisible();
      await expect(
        other.getByRole('region', { name: 'My Replies' }).getByText(`${word} reply one, edited`),
      ).toBeVisible();
      const left = await request.get('/api/my/anonymous/', { headers: { 'X-Session-Id': code } });
      expect(await left.json()).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  test('the private link restores a key, is never sent to the server, and leaves the address bar clean', async ({
    page,
    browser,
    request,
  }) => {
    const word = `Linked${uid()}`;
    const q = await createQuestion(request, { text: `<p>${word}</p>` });
    await page.goto(`/questions/${q.id}`);
    await postReply(page, `${word} reply`);
    const link = await offer(page).getByLabel('Private link').inputValue();
    const key = await sessionIdOf(page);
    expect(key).not.toBeNull();

    const elsewhere = await browser.newContext();
    await recordToasts(elsewhere);
    try {
      const other = await elsewhere.newPage();
      const sent: string[] = [];
      other.on('request', (r) => {
        sent.push(r.url(), r.headers().referer ?? '');
      });
      await other.goto(link);
      const dialog = other.getByRole('dialog', { name: 'Use my private key' });
      await expect(dialog).toBeVisible();
      // Read, then gone from the address bar (and so from history and bookmarks).
      await expect(other).toHaveURL(`${BASE_URL}/`);
      expect(await other.evaluate(() => window.location.hash)).toBe('');
      await expect(dialog.getByLabel('Code or private link')).toHaveValue(key ?? '');
      await expect(
        dialog.getByText(
          'This key came from a private link. Use only a key you kept yourself: whoever else holds it can edit or delete what you post with it.',
        ),
      ).toBeVisible();
      // Nothing is adopted until the visitor says so.
      expect(await sessionIdOf(other)).not.toBe(key);
      await dialog.getByRole('button', { name: 'Use this key' }).click();
      await expectToast(other, RESTORED);
      expect(await sessionIdOf(other)).toBe(key);
      await other.goto(`/questions/${q.id}`);
      await expect(answerWithText(other, `${word} reply`).getByText('(yours)')).toBeVisible();
      // No address and no Referer the browser sent held the key.
      expect(sent.filter((s) => key !== null && s.includes(key))).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  test('a bad key or link gets a clear message, and the tab keeps its key', async ({ page }) => {
    await page.goto('/');
    const before = await sessionIdOf(page);
    const dialog = await openUseKey(page);
    const field = dialog.getByLabel('Code or private link');
    const use = dialog.getByRole('button', { name: 'Use this key' });
    await use.click();
    await expect(field).toHaveAccessibleDescription('Paste the code or the private link you kept.');
    for (const bad of ['my secret key', `${BASE_URL}/#key=abc`, '1b9d6bcd']) {
      await field.fill(bad);
      await use.click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(
        'This is not a private key: paste the whole code or private link you kept.',
      );
    }
    for (const weak of ['00000000-0000-0000-0000-000000000000', 'a'.repeat(22)]) {
      await field.fill(weak);
      await use.click();
      await expect(field).toHaveAccessibleDescription(
        'This key is too simple to be a private key: paste the code or private link you kept.',
      );
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await sessionIdOf(page)).toBe(before);

    // A link that holds no key says so as soon as it opens.
    await page.goto('/#key=not-a-key');
    const fromLink = page.getByRole('dialog', { name: 'Use my private key' });
    await expect(fromLink.getByLabel('Code or private link')).toHaveAccessibleDescription(
      'This is not a private key: paste the whole code or private link you kept.',
    );
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    expect(await sessionIdOf(page)).toBe(before);
  });

  test('offered once per tab, again from the header, copied, and never to signed-in users', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const q = await createQuestion(request, { text: `<p>Offer ${uid()}</p>` });
    await page.goto(`/questions/${q.id}`);
    const header = page.getByRole('banner');
    // Before the tab posts, the header offers only to restore a key.
    await header.getByRole('button', { name: 'Private key', exact: true }).click();
    await expect(header.getByRole('button', { name: 'Use my private key' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'My private key', exact: true })).toHaveCount(
      0,
    );
    await page.keyboard.press('Escape');
    await expect(header.getByRole('button', { name: 'Use my private key' })).toBeHidden();
    await postReply(page, 'First reply of this tab');
    await expect(offer(page)).toBeVisible();
    const key = await sessionIdOf(page);
    await offer(page).getByRole('button', { name: 'Copy code' }).click();
    await expectToast(page, 'Code copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await offer(page).getByRole('button', { name: 'Done' }).click();
    await postReply(page, 'Second reply of this tab');
    await expect(offer(page)).toHaveCount(0);
    // A reload keeps the tab: still no second offer.
    await page.reload();
    await postReply(page, 'Third reply of this tab');
    await expect(offer(page)).toHaveCount(0);

    // Reachable again from the header.
    await headerKeyItem(page, 'My private key');
    const again = page.getByRole('dialog', { name: 'Keep access to your posts' });
    await expect(again.getByText(WHY)).toBeVisible();
    await expect(again.getByLabel('Code')).toHaveValue(key ?? '');
    await again.getByRole('button', { name: 'Copy link' }).click();
    await expectToast(page, 'Private link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${BASE_URL}/#key=${key}`,
    );
    await again.getByRole('button', { name: 'Done' }).click();

    // Signed in, no key is offered: neither after posting nor in the header.
    const user = await createUser(request, 'nooffer');
    const signedIn = await context.newPage();
    await signInPage(signedIn, await login(request, user.username, user.password));
    await signedIn.goto(`/questions/${q.id}`);
    await expect(signedIn.getByText(`Welcome, ${user.username}!`)).toBeVisible();
    await postReply(signedIn, 'Signed-in reply');
    await expectToast(signedIn, 'Reply submitted successfully!');
    await expect(offer(signedIn)).toHaveCount(0);
    const signedInHeader = signedIn.getByRole('banner');
    await expect(signedInHeader.getByRole('button', { name: /private key/i })).toHaveCount(0);
    await expect(signedIn.getByRole('navigation', { name: 'Main' })).not.toContainText(
      'private key',
    );
  });

  test('My Content, signed out: the log-in prompt, then the key’s posts with Load more, empty, loading and Retry', async ({
    page,
    request,
  }) => {
    await page.goto('/my/content');
    await expect(page.getByText('Please log in to view your content.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toBeVisible();
    const section = page.getByRole('region', { name: "Posts with this tab's private key" });
    await expect(section.getByText('No posts with this key yet.')).toBeVisible();

    const key = await sessionIdOf(page);
    if (key === null) throw new Error('no session id');
    const word = `Listed${uid()}`;
    const q = await createQuestion(
      request,
      { text: `<p>${word} question</p>` },
      { sessionId: key },
    );
    const other = await createQuestion(request, { text: `<p>${word} someone else's</p>` });
    for (let i = 0; i < 21; i += 1) {
      await createAnswer(request, other.id, { text: `${word} reply ${i}` }, { sessionId: key });
    }
    await createAnswer(request, other.id, { text: `${word} not mine` });

    let fail = true;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/my/anonymous/',
      async (route) => {
        await held;
        if (fail) await route.fulfill({ status: 500, json: {} });
        else await route.continue();
      },
    );
    await page.reload();
    await expect(section.getByTestId('anonymous-posts-skeleton')).toBeVisible();
    release();
    await expect(section.getByText('Failed to load your content.')).toBeVisible();
    fail = false;
    await section.getByRole('button', { name: 'Retry' }).click();
    const items = section.getByTestId('anonymous-posts').getByRole('listitem');
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText(`${word} reply 20`);
    await expect(
      items.first().getByRole('link', { name: `Reply to: ${word} someone else's` }),
    ).toHaveAttribute('href', `/questions/${other.id}`);
    await section.getByRole('button', { name: 'Load more' }).click();
    await expect(items).toHaveCount(22);
    await expect(section.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await expect(section.getByText(`${word} not mine`)).toHaveCount(0);
    await items
      .last()
      .getByRole('link', { name: `${word} question` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/questions/${q.id}$`));
    await expect(questionArticle(page).getByText('(yours)')).toBeVisible();
  });

  test('moving posts: the key saved on this device or a pasted link, exactly what moves, Cancel moves nothing', async ({
    page,
    request,
  }) => {
    const key = newKey();
    const word = `Moved${uid()}`;
    const q = await createQuestion(request, { text: `<p>${word} asked</p>` }, { sessionId: key });
    await createAnswer(request, q.id, { text: `${word} replied` }, { sessionId: key });
    await createAnswer(request, q.id, { text: `${word} by someone else` });
    const user = await createUser(request, 'mover');
    await signInPage(page, await login(request, user.username, user.password));
    await page.addInitScript((k) => window.localStorage.setItem('private_key', k), key);
    await page.goto('/my/content');
    await expect(page.getByText('No questions yet.')).toBeVisible();

    const open = page.getByRole('button', { name: 'Move my anonymous posts to this account' });
    const claim = page.getByRole('dialog', { name: 'Move my anonymous posts to this account' });
    await open.click();
    // Signed in from the start, this tab has no earlier key: the saved one is offered.
    await expect(claim.getByRole('radio', { name: 'The key saved on this device' })).toBeChecked();
    await expect(
      claim.getByRole('radio', { name: "This tab's key from before you logged in" }),
    ).toHaveCount(0);
    await claim.getByRole('button', { name: 'Show the posts' }).click();
    await expect(claim.getByText('These posts will move: 1 question and 1 reply.')).toBeVisible();
    await expect(claim.getByText(`${word} by someone else`)).toHaveCount(0);
    await claim.getByRole('button', { name: 'Back' }).click();

    // A pasted key is checked first; a whole private link works too.
    await claim.getByRole('radio', { name: 'Another key: paste its code or private link' }).check();
    const field = claim.getByLabel('Code or private link', { exact: true });
    await field.fill('not a key');
    await claim.getByRole('button', { name: 'Show the posts' }).click();
    await expect(field).toHaveAccessibleDescription(
      'This is not a private key: paste the whole code or private link you kept.',
    );
    await field.fill(newKey());
    await claim.getByRole('button', { name: 'Show the posts' }).click();
    await expect(claim.getByText('No posts were made with this key.')).toBeVisible();
    await expect(claim.getByRole('button', { name: /^Move/ })).toHaveCount(0);
    await claim.getByRole('button', { name: 'Back' }).click();
    await field.fill(`${BASE_URL}/#key=${key}`);
    await claim.getByRole('button', { name: 'Show the posts' }).click();
    await expect(claim.getByRole('button', { name: 'Move 2 posts' })).toBeVisible();

    // Closing without confirming moves nothing.
    await claim.getByRole('button', { name: 'Close' }).click();
    await expect(claim).toHaveCount(0);
    const still = await request.get('/api/my/anonymous/', { headers: { 'X-Session-Id': key } });
    expect(await still.json()).toHaveLength(2);
    await expect(page.getByText('No questions yet.')).toBeVisible();
  });

  test('thread pseudonyms: "Asker" as a badge, "Anon 1", "Anon 2" by first appearance, nothing on a deleted reply', async ({
    page,
    request,
  }) => {
    const [asker, bea, cal] = [newKey(), newKey(), newKey()];
    const q = await createQuestion(
      request,
      { text: `<p>Labels ${uid()}</p>` },
      { sessionId: asker },
    );
    const first = await createAnswer(request, q.id, { text: 'Bea first' }, { sessionId: bea });
    await createAnswer(
      request,
      q.id,
      { text: 'The asker answers Bea', parent_id: first.id },
      { sessionId: asker },
    );
    const gone = await createAnswer(
      request,
      q.id,
      { text: 'Cal, then deleted' },
      { sessionId: cal },
    );
    await createAnswer(
      request,
      q.id,
      { text: 'Bea answers Cal', parent_id: gone.id },
      { sessionId: bea },
    );
    await createAnswer(request, q.id, { text: 'Cal again' }, { sessionId: cal });
    const deleted = await request.delete(`/api/answers/${gone.id}/`, {
      headers: { 'X-Session-Id': cal },
    });
    expect(deleted.status()).toBe(204);

    await page.goto(`/questions/${q.id}`);
    const label = (text: string) => answerWithText(page, text).getByTestId('author-label');
    await expect(questionArticle(page).getByTestId('author-label')).toHaveText('Asker');
    await expect(label('Bea first')).toHaveText('Anon 1');
    await expect(label('The asker answers Bea')).toHaveText('Asker');
    await expect(label('Bea answers Cal')).toHaveText('Anon 1');
    await expect(label('Cal again')).toHaveText('Anon 2');
    await expect(page.getByTestId('answer-deleted').getByTestId('author-label')).toHaveCount(0);
    // "Asker" is a badge of its own.
    const asked = label('The asker answers Bea');
    await expect(asked).toHaveAttribute('data-asker', 'true');
    await expect(label('Bea first')).not.toHaveAttribute('data-asker');
    const background = (l: ReturnType<typeof label>) =>
      l.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(asked)).not.toBe(await background(label('Bea first')));
  });
});
