/**
 * The pages that explain the site: each answers at its own address with its heading, reads
 * without scripts (drawn on the server) and is taken over by the app without a mismatch, a
 * footer on every page links to all three, and each is accessible in both themes at both
 * widths.
 */
import { createQuestion, uid } from '../support/api.ts';
import { expect, feedCards, questionArticle, test } from '../support/fixtures.ts';
import { everyWay } from '../support/screens.ts';

const PAGES = [
  { path: '/about', link: 'About', heading: 'About this site', section: 'Your private key' },
  {
    path: '/privacy',
    link: 'Privacy',
    heading: 'Privacy: who can learn what',
    section: 'Moderators (admins)',
  },
  { path: '/rules', link: 'Rules', heading: 'Rules', section: 'How reporting works' },
] as const;

const footerNav = (page: import('@playwright/test').Page) =>
  page.getByRole('contentinfo').getByRole('navigation', { name: 'About this site' });

test.describe('pages that explain the site', () => {
  for (const { path, heading, section } of PAGES) {
    test(`${path} answers with its page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
      await expect(page.getByText('Page not found')).toHaveCount(0);
      await expect(page).toHaveTitle(`${heading} · Dating Advice`);
      await everyWay(page, `site-page${path.replace('/', '-')}`, { fullPage: true });
    });
  }

  test('/privacy says how long each kind of data is kept', async ({ page }) => {
    await page.goto('/privacy');
    const lifetimes = page.getByRole('heading', { level: 2, name: 'How long things are kept' });
    await expect(lifetimes).toBeVisible();
    for (const promise of [
      'Read ones are deleted 90 days after you read them',
      'there is no history of your sign-ins',
      'is deleted 30 days after it ends',
      'The site makes no backups of its own',
      'how long the operator keeps them is up to the operator',
    ]) {
      await expect(page.getByText(promise)).toBeVisible();
    }
  });

  test('each reads with scripts off, and the app takes it over without a mismatch', async ({
    browser,
    page,
  }) => {
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    const reader = await noScripts.newPage();
    for (const { path, heading, section, link } of PAGES) {
      await reader.goto(path);
      await expect(reader).toHaveTitle(`${heading} · Dating Advice`);
      await expect(reader.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(reader.getByRole('heading', { level: 2, name: section })).toBeVisible();
      await expect(
        footerNav(reader).getByRole('link', { name: link, exact: true }),
      ).toHaveAttribute('href', path);
    }
    await noScripts.close();

    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    for (const [i, { path, heading }] of PAGES.entries()) {
      await page.goto(path);
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByName('app-ready').length))
        .toBe(1);
      // Taken over: the footer navigates inside the app, and back.
      const next = PAGES[(i + 1) % PAGES.length] ?? PAGES[0];
      await footerNav(page).getByRole('link', { name: next.link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: next.heading })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    expect(consoleErrors).toEqual([]);
  });

  test('the footer links them from the feed and from a question', async ({ page, request }) => {
    const word = `footer${uid()}`;
    const q = await createQuestion(request, { text: `<p>${word}</p>` });
    await page.goto(`/questions/${q.id}`);
    await expect(questionArticle(page)).toBeVisible();
    for (const { link, heading } of PAGES) {
      await footerNav(page).getByRole('link', { name: link, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    // A feed of one card: a longer one loads its next page as the footer scrolls into view,
    // and moves the footer from under a click.
    await page.goto(`/?q=${word}`);
    await expect(feedCards(page)).toHaveCount(1);
    await footerNav(page).getByRole('link', { name: 'Privacy', exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Privacy: who can learn what' }),
    ).toBeVisible();
  });

  test('the Ask dialog links to how anonymity works, in a tab of its own', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    const link = dialog.getByRole('link', { name: 'How anonymity works (opens in a new tab)' });
    const [about] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(about.getByRole('heading', { level: 1, name: 'About this site' })).toBeVisible();
    await expect(about.getByRole('heading', { level: 2, name: 'Your private key' })).toBeVisible();
    await about.close();
    await expect(dialog).toBeVisible();
  });
});
