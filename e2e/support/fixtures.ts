/**
 * Shared test helpers: signing a page in through its storage, toasts, axe checks and
 * screenshots. Every page fails its test on an uncaught error.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { Tokens } from './api.ts';

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

/** Stores tokens like the login page does, before any script of the app runs. */
export async function signInPage(page: Page, tokens: Tokens) {
  await page.addInitScript((t) => {
    if (!window.sessionStorage.getItem('__e2e_signed_in')) {
      window.localStorage.setItem('access_token', t.access);
      window.localStorage.setItem('refresh_token', t.refresh);
      window.sessionStorage.setItem('__e2e_signed_in', '1');
    }
  }, tokens);
}

/** The toast region: every toast is announced there. */
export function toast(page: Page, text: string) {
  return page.locator('.toasts').getByText(text, { exact: true }).last();
}

export async function expectToast(page: Page, text: string) {
  await expect(toast(page, text)).toBeVisible();
}

/** No serious or critical axe violations on the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

export async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => {
    window.localStorage.setItem('theme', t);
    document.documentElement.dataset.theme = t;
    document.documentElement.style.colorScheme = t;
  }, theme);
}

/** The question page's session id (created by the app on first load). */
export function sessionIdOf(page: Page) {
  return page.evaluate(() => window.sessionStorage.getItem('session_id'));
}
