import { expect, test } from '../support/fixtures.ts';

test.describe('theme', () => {
  test('follows the system preference before first paint, then the saved choice', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    // Recorded as soon as the document is parsed, before the app's module runs: no script
    // sets the theme, the page arrives with it (the system's scheme, or the chosen one).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstBg: string }).firstBg = getComputedStyle(
          document.body,
        ).backgroundColor;
      });
    });
    const firstBg = () => page.evaluate(() => (window as unknown as { firstBg: string }).firstBg);
    const DARK = 'rgb(18, 19, 23)';
    const LIGHT = 'rgb(247, 245, 242)';
    await page.goto('/');
    expect(await firstBg()).toBe(DARK);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    expect(await firstBg()).toBe(LIGHT);
    // The server wrote the choice into the page, so hydration drew the right toggle.
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await firstBg()).toBe(DARK);
    await context.close();
  });

  test('a choice kept only in localStorage (before the cookie) is carried over', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect((await context.cookies()).find((c) => c.name === 'theme')?.value).toBe('dark');
    await context.close();
  });

  test('no inline script: the page runs under a strict CSP without violations', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The first screen's data rides in a JSON data element, which never runs; nothing else
    // inline may be a script.
    const inline = await page.$$eval(
      'script:not([src])',
      (scripts) => scripts.filter((s) => s.getAttribute('type') !== 'application/json').length,
    );
    expect(inline).toBe(0);
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    await expect(page.getByRole('textbox', { name: 'Question text' })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
