/** Phone first: a one-row header with a menu, and questions above the fold at 375×812. */
import type { Locator } from '@playwright/test';
import { createQuestion, createUser, login, uid } from '../support/api.ts';
import { expect, feedCards, signInPage, test } from '../support/fixtures.ts';

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

const LONG =
  'We met at a friend’s birthday and talked for hours. Since then we text every day, but ' +
  'whenever I suggest meeting up again the answer is vague. I do not want to push, and I do ' +
  'not want to wait forever either. How do I tell whether this is shyness, a busy month or ' +
  'a polite no, and how should I ask one more time without making it awkward for both of us?';

test.describe('on a phone (375×812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the header is one row, at most 56 px: brand, Ask and a menu', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const brand = header.getByRole('link', { name: 'Dating Advice' });
    const ask = header.getByRole('button', { name: 'Ask a Question' });
    const menu = header.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    expect((await box(header)).height).toBeLessThanOrEqual(56);
    const rows = await Promise.all(
      [brand, ask, menu].map(async (l) => {
        const b = await box(l);
        return b.y + b.height / 2;
      }),
    );
    for (const y of rows) expect(Math.abs(y - (rows[0] ?? 0))).toBeLessThan(4);
    await expect(ask).toHaveText('Ask a Question');
    // The rest waits in the menu.
    await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
    await expect(header.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeHidden();
  });

  test('the menu works by keyboard: focus moves in, Escape closes it and returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const menu = header.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Use my private key' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Login' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Register' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('combobox', { name: 'Language' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();

    // A click outside closes it; following a link closes it too.
    await menu.click();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.mouse.click(10, 400);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
    await menu.click();
    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page.getByLabel('Username or Email')).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('signed in, the menu holds My Content, the greeting and Logout', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'phone');
    await signInPage(page, await login(request, user.username, user.password));
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText(`Welcome, ${user.username}!`)).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await nav.getByRole('link', { name: 'My Content' }).click();
    await expect(page.getByRole('heading', { name: 'Manage My Content' })).toBeVisible();
  });

  test('at least two questions start above the fold', async ({ page, request }) => {
    for (let i = 0; i < 3; i++) {
      await createQuestion(request, {
        text: `<h1>Long question ${uid()}</h1><p>${LONG}</p>`,
        tags: ['first date', 'texting', 'mixed signals'],
      });
    }
    await page.goto('/');
    await expect(feedCards(page).nth(1)).toBeVisible();
    const second = await box(feedCards(page).nth(1));
    expect(second.y).toBeLessThan(812);
  });
});

test('on a desktop the header shows the specification items in one row', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(header.getByRole('button', { name: 'Ask a Question' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(header.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible();
  expect((await box(header)).height).toBeLessThanOrEqual(64);
});
