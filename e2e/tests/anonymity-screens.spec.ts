/**
 * The private key's screens in both themes at 375 px and 1280 px: no serious or
 * critical axe violations, and a screenshot of each in e2e/screenshots/.
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import type { Page } from '@playwright/test';
import { createAnswer, createQuestion, createUser, login, uid } from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectAccessible,
  sessionIdOf,
  setTheme,
  signInPage,
  test,
} from '../support/fixtures.ts';
import { everyWay, SHOTS, THEMES } from '../support/screens.ts';

const newKey = () => strongSessionId(randomUUID);

/** A thread by three people, the asker replying in it. */
async function labelledThread(request: Parameters<typeof createQuestion>[0], asker = newKey()) {
  const [bea, cal] = [newKey(), newKey()];
  const q = await createQuestion(
    request,
    {
      text: `<p>We have been texting for a month ${uid()}. When is it fine to ask to meet?</p>`,
      gender: 'W',
      age_range: '26-35',
    },
    { sessionId: asker },
  );
  const first = await createAnswer(
    request,
    q.id,
    { text: 'Now is fine: a month is plenty.', gender: 'M', age_range: '26-35' },
    { sessionId: bea },
  );
  await createAnswer(
    request,
    q.id,
    { text: 'Thanks, that helps!', parent_id: first.id },
    { sessionId: asker },
  );
  await createAnswer(
    request,
    q.id,
    { text: 'Suggest a coffee, keep it light.' },
    { sessionId: cal },
  );
  return q;
}

/** Opens a private key item of the header: behind "Private key" on a desktop, in the menu on a phone. */
async function openInHeader(page: Page, name: string) {
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  else await header.getByRole('button', { name: 'Private key', exact: true }).click();
  await header.getByRole('button', { name, exact: true }).click();
}

test.describe('the private key, every screen, both themes, two widths', () => {
  // Eight screenshots and eight axe runs a test: about 25 s alone, twice that beside another.
  test.describe.configure({ timeout: 120_000 });

  test('thread pseudonyms', async ({ page, request }) => {
    const q = await labelledThread(request);
    await page.goto(`/questions/${q.id}`);
    await expect(answerWithText(page, 'Thanks, that helps!').getByText('Asker')).toBeVisible();
    await everyWay(page, 'thread-labels', { fullPage: true });
  });

  test('"Keep access to this post" after an anonymous reply', async ({ page, request }) => {
    const q = await labelledThread(request);
    await page.goto(`/questions/${q.id}`);
    await page.getByLabel('Your reply').fill('Same here, and it went well.');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    const offer = page.getByRole('complementary', { name: 'Keep access to this post' });
    await expect(offer).toBeVisible();
    // Once the toast is gone.
    await page.waitForTimeout(3200);
    await everyWay(page, 'keep-access-offer');
    await offer.getByRole('switch', { name: 'Save it on this device' }).check();
    await everyWay(page, 'keep-access-offer-saved');
  });

  test('"Keep access to your posts" from the header, and the header with the key', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request);
    await page.goto(`/questions/${q.id}`);
    await page.getByLabel('Your reply').fill('A reply to keep');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    const offer = page.getByRole('complementary', { name: 'Keep access to this post' });
    await offer.getByRole('button', { name: 'Done' }).click();
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Private key', exact: true })
      .click();
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'My private key', exact: true }),
    ).toBeVisible();
    await everyWay(page, 'header-with-key');
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/menu-with-key-${theme}-375.png` });
      await expectAccessible(page, `menu with key (${theme}, 375px)`);
      await page.keyboard.press('Escape');
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await openInHeader(page, 'My private key');
    await expect(page.getByRole('dialog', { name: 'Keep access to your posts' })).toBeVisible();
    await everyWay(page, 'keep-access-dialog');
  });

  test('"Use my private key": a saved key, a current key with posts, a bad key; from a link', async ({
    page,
    request,
  }) => {
    await page.addInitScript((k) => window.localStorage.setItem('private_key', k), newKey());
    const q = await createQuestion(request);
    await page.goto(`/questions/${q.id}`);
    await page.getByLabel('Your reply').fill('This tab posted already');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await page
      .getByRole('complementary', { name: 'Keep access to this post' })
      .getByRole('button', { name: 'Done' })
      .click();
    await openInHeader(page, 'Use my private key');
    const dialog = page.getByRole('dialog', { name: 'Use my private key' });
    await expect(dialog.getByText(/current key will be replaced, and it has posts/)).toBeVisible();
    await dialog.getByLabel('Code or private link').fill('not my key');
    await dialog.getByRole('button', { name: 'Use this key' }).click();
    await expect(dialog.getByText(/This is not a private key/)).toBeVisible();
    await everyWay(page, 'use-key-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/#key=${newKey()}`);
    await expect(page.getByRole('dialog', { name: 'Use my private key' })).toBeVisible();
    await everyWay(page, 'use-key-from-link');
  });

  test('My Content, signed out, with the key’s posts', async ({ page, request }) => {
    await page.goto('/my/content');
    await expect(page.getByText('No posts with this key yet.')).toBeVisible();
    const key = await sessionIdOf(page);
    if (key === null) throw new Error('no session id');
    const q = await createQuestion(
      request,
      { text: '<p>Is it too soon to meet his friends after three dates?</p>', gender: 'NB' },
      { sessionId: key },
    );
    const other = await createQuestion(request, {
      text: '<p>How do I say no to a second date kindly?</p>',
    });
    await createAnswer(
      request,
      other.id,
      { text: 'Say it early and simply: you enjoyed meeting them, and you do not feel a match.' },
      { sessionId: key },
    );
    expect(q.id).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByTestId('anonymous-posts').getByRole('listitem')).toHaveCount(2);
    await everyWay(page, 'my-content-anonymous-posts', { fullPage: true });
  });

  test('moving posts into an account: choosing the key, then what moves', async ({
    page,
    request,
  }) => {
    const key = newKey();
    const q = await createQuestion(
      request,
      { text: '<p>Should I tell my date about my anxiety?</p>' },
      { sessionId: key },
    );
    await createAnswer(
      request,
      q.id,
      { text: 'Update: I told them, it went fine.' },
      { sessionId: key },
    );
    const user = await createUser(request, 'screens');
    await signInPage(page, await login(request, user.username, user.password));
    await page.addInitScript((k) => window.localStorage.setItem('private_key', k), key);
    await page.goto('/my/content');
    await everyWay(page, 'my-content-claim', { fullPage: true });
    await page.getByRole('button', { name: 'Move my anonymous posts to this account' }).click();
    const claim = page.getByRole('dialog', { name: 'Move my anonymous posts to this account' });
    await claim.getByRole('radio', { name: 'Another key: paste its code or private link' }).check();
    await claim.getByLabel('Code or private link', { exact: true }).fill('oops');
    await claim.getByRole('button', { name: 'Show the posts' }).click();
    await expect(claim.getByText(/This is not a private key/)).toBeVisible();
    await everyWay(page, 'claim-choose');
    await claim.getByRole('radio', { name: 'The key saved on this device' }).check();
    await claim.getByRole('button', { name: 'Show the posts' }).click();
    await expect(claim.getByRole('button', { name: 'Move 2 posts' })).toBeVisible();
    await everyWay(page, 'claim-preview');
  });
});
