/**
 * Shared test helpers: signing a page in through its storage, toasts, axe checks and
 * screenshots. Every page fails its test on an uncaught error.
 */
import AxeBuilder from '@axe-core/playwright';
import { RECOVERABLE_ERROR_PREFIX } from '@dating/contract';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import type { Tokens } from './api.ts';

/** The annotation of a test that makes React recover on purpose, and checks that it did. */
export const EXPECTS_RECOVERABLE_ERROR = 'expects-recoverable-error';

export const test = base.extend<{ pageErrors: string[]; recoverableErrors: string[] }>({
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },
  /**
   * Fails every test in whose pages React recovered from an error (above all a server
   * drawing that the browser's first render did not match): in the test's own context and
   * in every context the test opens itself. A test annotated EXPECTS_RECOVERABLE_ERROR reads
   * them itself instead.
   */
  recoverableErrors: [
    async ({ context, browser }, use) => {
      const seen: string[] = [];
      const watch = (watched: BrowserContext) =>
        watched.on('weberror', (error) => {
          const message = error.error().message;
          if (message.startsWith(RECOVERABLE_ERROR_PREFIX)) seen.push(message);
        });
      watch(context);
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const opened = await newContext.apply(browser, args);
        watch(opened);
        return opened;
      };
      try {
        await use(seen);
      } finally {
        browser.newContext = newContext;
      }
      const expected = test.info().annotations.some((a) => a.type === EXPECTS_RECOVERABLE_ERROR);
      if (!expected) {
        expect(seen, 'errors React recovered from (hydration mismatches)').toEqual([]);
      }
    },
    { auto: true },
  ],
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

/** One toast as the page saw it: 'pending', 'hit', or what covered it; taken by expectToast. */
type ToastHit = { text: string; result: string; taken?: boolean };

/**
 * Installed in every page before the app's scripts: each toast that appears is hit-tested in
 * the page itself until the point at the middle of its Dismiss button hits that button (so it
 * is on screen and nothing covers it, such as the backdrop of an open dialog), for up to 1.5 s
 * (it slides in under the header for 0.18 s). The outcome is kept in `window.__toastHits`, so
 * a test reads it whenever it gets there: a toast lives 3 s, and looking at it from the test
 * raced that under CI's load (stops 15 to 17).
 */
function recordToastHits() {
  const hits: ToastHit[] = [];
  (window as unknown as { __toastHits: ToastHit[] }).__toastHits = hits;
  const watch = (toast: HTMLElement) => {
    const hit: ToastHit = { text: toast.firstElementChild?.textContent ?? '', result: 'pending' };
    hits.push(hit);
    const started = performance.now();
    const look = () => {
      if (!toast.isConnected) {
        hit.result = 'removed before it could be hit';
        return;
      }
      const button = toast.querySelector('button');
      const box = button?.getBoundingClientRect();
      const top = box && document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (button && top && button.contains(top)) {
        hit.result = 'hit';
      } else if (performance.now() - started > 1_500) {
        hit.result = `covered by ${top?.outerHTML.slice(0, 80) ?? 'nothing'}`;
      } else {
        // A timer, not an animation frame, so that a page in the background is looked at too.
        setTimeout(look, 50);
      }
    };
    setTimeout(look, 0);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof HTMLElement)) continue;
        const toasts = node.matches('[data-testid="toast"]')
          ? [node]
          : Array.from(node.querySelectorAll<HTMLElement>('[data-testid="toast"]'));
        toasts.forEach(watch);
      }
    }
  }).observe(document, { subtree: true, childList: true });
}

/** Records toasts in every page of the context (see recordToastHits); `test` does it itself. */
export async function recordToasts(context: BrowserContext) {
  await context.addInitScript(recordToastHits);
}

/**
 * A toast with this text appeared and was usable (see recordToastHits). Each call takes the
 * oldest such toast not yet taken, so two toasts of one text need two calls.
 */
export async function expectToast(page: Page, text: string) {
  const outcome = () =>
    page.evaluate((wanted) => {
      const hits = (window as unknown as { __toastHits?: ToastHit[] }).__toastHits;
      if (!hits) return 'not recorded: create the context with recordToasts';
      const mine = hits.filter((h) => h.text === wanted && !h.taken);
      // A toast that moves (into an open dialog, or out of one as it closes) is a new element
      // each time: the one that was hit counts, and the copies before it go with it.
      const hit = mine.findIndex((h) => h.result === 'hit');
      if (hit >= 0) {
        for (const h of mine.slice(0, hit + 1)) h.taken = true;
        return 'hit';
      }
      if (mine.length === 0) return 'not shown';
      if (mine.some((h) => h.result === 'pending')) return 'pending';
      for (const h of mine) h.taken = true;
      return mine.map((h) => h.result).join('; ');
    }, text);
  let seen = 'not shown';
  await expect
    .poll(
      async () => {
        seen = await outcome();
        return seen === 'not shown' || seen === 'pending' ? seen : 'settled';
      },
      { message: `the toast "${text}" is shown`, timeout: 10_000 },
    )
    .toBe('settled');
  expect(seen, `the toast "${text}" can be dismissed`).toBe('hit');
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
/** The offer to keep the key, shown in the page after the tab's first anonymous post. */
export function keepAccessOffer(page: Page) {
  return page.getByRole('complementary', { name: 'Keep access to this post' });
}

export function questionArticle(page: Page) {
  return page.getByRole('article', { name: 'Question' });
}

/** The question page's session id (created by the app on first load). */
/**
 * The tab's private key, once the app has made it: the app runs just after the page's first
 * paint (apps/web/vite.config.ts, startAfterPaint), which may come after the load event.
 */
export async function sessionIdOf(page: Page): Promise<string> {
  const key = await page.waitForFunction(() => window.sessionStorage.getItem('session_id'));
  return (await key.jsonValue()) as string;
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
    // The screen drawn from that data goes too, as the server sends a page it has no data
    // for: the app would otherwise take that drawing over as if it held the data.
    const body = (await response.text())
      .replace(/<script type="application\/json" id="initial-data">[\s\S]*?<\/script>/, '')
      .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
    // The body is sent decoded, so without the server's encoding and length.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(
        ([name]) => name !== 'content-encoding' && name !== 'content-length',
      ),
    );
    await route.fulfill({ response, body, headers });
  });
}
