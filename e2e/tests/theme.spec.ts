import { expect, test } from '../support/fixtures.ts';

test.describe('theme', () => {
  test('follows the system preference before first paint, then the saved choice', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    // Recorded as soon as the document exists, before the app's module runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstTheme: string | undefined }).firstTheme =
          document.documentElement.dataset.theme;
      });
    });
    await page.goto('/');
    expect(
      await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme),
    ).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme),
    ).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
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
