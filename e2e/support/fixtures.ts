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

/** The toast region ('Notifications'): every toast is announced there. */
export function notifications(page: Page) {
  return page.getByRole('region', { name: 'Notifications' });
}

export function toast(page: Page, text: string) {
  return notifications(page).getByText(text, { exact: true }).last();
}

/** The toasts on screen. */
export function shownToasts(page: Page) {
  return notifications(page).getByTestId('toast');
}

/** The messages of the toasts on screen, as they read from top to bottom. */
export async function toastsTopToBottom(page: Page): Promise<string[]> {
  const items = await shownToasts(page).evaluateAll((toasts) =>
    toasts.map((t) => ({ y: t.getBoundingClientRect().y, text: t.firstChild?.textContent ?? '' })),
  );
  return items.sort((a, b) => a.y - b.y).map((t) => t.text);
}

/**
 * The toast is shown and usable: the point at the middle of its dismiss button hits that
 * button, so nothing covers it, such as the backdrop of an open dialog. Looked at in the page
 * a few times over a second (the toast slides in under the header for 0.18 s) rather than by
 * a trial click: a toast lives 3 s, and a trial click's waits could outlast it under load.
 */
export async function expectToast(page: Page, text: string) {
  const message = toast(page, text);
  await expect(message).toBeVisible();
  const hitTest = () =>
    message
      .evaluate(
        (element) => {
          const button = element.parentElement?.querySelector('button');
          if (!button) return 'no Dismiss button';
          const box = button.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return top && button.contains(top) ? 'hit' : `covered by ${top?.outerHTML.slice(0, 80)}`;
        },
        undefined,
        { timeout: 500 },
      )
      .catch(() => 'gone');
  await expect
    .poll(
      async () => {
        const seen = await hitTest();
        // Gone: its 3 s ran out on a loaded machine after it was seen; nothing covered it.
        return seen === 'gone' && (await message.count()) === 0 ? 'hit' : seen;
      },
      { message: `the toast "${text}" can be dismissed`, timeout: 1_500, intervals: [100] },
    )
    .toBe('hit');
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

/**
 * The answer whose own text contains `text`. Matched on the text paragraph, not the whole
 * article: an open reply box's textarea holds its draft as text content too.
 */
export function answerWithText(page: Page, text: string) {
  return page
    .getByTestId('answer')
    .filter({ has: page.getByTestId('answer-text').filter({ hasText: text }) });
}

/** The home feed's list of question cards. */
export function feedCards(page: Page) {
  return page.getByTestId('question-list').getByRole('article');
}

/** The question on its page. */
export function questionArticle(page: Page) {
  return page.getByRole('article', { name: 'Question' });
}

/** The question page's session id (created by the app on first load). */
export function sessionIdOf(page: Page) {
  return page.evaluate(() => window.sessionStorage.getItem('session_id'));
}

/** The feed's tag filter: a combobox that suggests tags with their counts. */
export function tagFilter(page: Page) {
  return page.getByRole('combobox', { name: 'Tag', exact: true });
}

/** The suggestion for `tag` in the open tag filter: '#name (count)'. */
export function tagOption(page: Page, tag: string) {
  const name = tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page
    .getByRole('listbox', { name: 'Tags' })
    .getByRole('option', { name: new RegExp(`^#${name} \\(\\d+\\)$`) });
}

/** Filters the feed by a tag as a visitor would: typed into the filter, then picked. */
export async function chooseTag(page: Page, tag: string) {
  await tagFilter(page).fill(tag);
  await tagOption(page, tag).click();
}

/** Clears the tag filter through its 'All tags' option. */
export async function clearTag(page: Page) {
  await tagFilter(page).fill('');
  await page
    .getByRole('listbox', { name: 'Tags' })
    .getByRole('option', { name: 'All tags' })
    .click();
}

/**
 * Serves this page's HTML without the first screen's data the server puts in it (the
 * `initial-data` element), so that the app asks the API for the feed and the question, as
 * a test that answers those reads itself (page.route) expects.
 */
export async function withoutPageData(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<script type="application\/json" id="initial-data">[\s\S]*?<\/script>/,
      '',
    );
    // The body is sent decoded, so without the server's encoding and length.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(
        ([name]) => name !== 'content-encoding' && name !== 'content-length',
      ),
    );
    await route.fulfill({ response, body, headers });
  });
}
