/** Offline and failures: a banner, requests that fail at once, Retry, and calm toasts. */
import type { Locator, Page } from '@playwright/test';
import { createQuestion, createUser, login, loginAdmin, uid } from '../support/api.ts';
import {
  expect,
  expectToast,
  feedCards,
  notifications,
  questionArticle,
  shownToasts,
  signInPage,
  test,
  toastsTopToBottom,
  withoutPageData,
} from '../support/fixtures.ts';

const OFFLINE = 'You are offline. Check your connection and try again.';
const banner = (page: Page) =>
  page.getByText('You are offline. What you write here is kept until you can send it.');

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('offline', () => {
  test('a banner shows while offline; Submit fails at once with a clear message', async ({
    page,
    context,
  }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/questions/')) posted++;
    });
    await page.goto('/');
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    const text = `Written offline ${uid()}`;
    await dialog.getByRole('textbox', { name: 'Question text' }).fill(text);

    await context.setOffline(true);
    await expect(banner(page)).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, `Failed to post question: ${OFFLINE}`);
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(posted).toBe(0);

    await context.setOffline(false);
    await expect(banner(page)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');
    await expect(feedCards(page).filter({ hasText: text })).toHaveCount(1);
  });

  test('a request in flight when the connection drops fails instead of spinning', async ({
    page,
    context,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/questions/', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      return route.abort().catch(() => {});
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('textbox', { name: 'Question text' }).fill(`In flight ${uid()}`);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('button', { name: 'Submitting…' })).toBeDisabled();
    await context.setOffline(true);
    await expectToast(page, `Failed to post question: ${OFFLINE}`);
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
    release();
    await context.setOffline(false);
  });

  test('loads fail at once offline, with Retry', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Feed', exact: true })).toBeVisible();
    await context.setOffline(true);
    await page.getByLabel('Gender').selectOption('M');
    await expect(page.getByText('Failed to load posts.')).toBeVisible();
    // The posts' own Retry: another list that failed to refresh meanwhile (the tags) has one
    // too (CI, 2026-12-04: two buttons matched).
    const retry = page
      .getByRole('region', { name: 'Results' })
      .getByRole('button', { name: 'Retry' });
    await retry.click();
    await expect(page.getByText('Failed to load posts.')).toBeVisible();
    await context.setOffline(false);
    await retry.click();
    await expect(page.getByText('Failed to load posts.')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Results', exact: true })).toBeVisible();
  });
});

/**
 * Clicks Retry until none is left. A Retry can also go by itself between counting and
 * clicking it (one list's retry can reload another's), and a click would then wait the whole
 * test for a button that never comes back (CI, 2026-11-27): each click waits only briefly.
 */
async function clickEveryRetry(page: Page) {
  const retries = page.getByRole('button', { name: 'Retry' });
  await expect(async () => {
    if ((await retries.count()) > 0) {
      await retries
        .first()
        .click({ timeout: 1_000 })
        .catch(() => {});
    }
    await expect(retries).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('every load failure has a Retry', () => {
  test('feed posts and tags', async ({ page }) => {
    await withoutPageData(page);
    let failing = true;
    await page.route('**/api/questions/**', (route) =>
      failing && route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: {} })
        : route.continue(),
    );
    await page.route('**/api/tags/', (route) =>
      failing ? route.fulfill({ status: 500, json: {} }) : route.continue(),
    );
    await page.goto('/');
    await expect(page.getByText('Failed to load posts.')).toBeVisible();
    await expect(page.getByText('Failed to load tags.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(2);
    failing = false;
    await clickEveryRetry(page);
    await expect(page.getByText('Failed to load posts.')).toHaveCount(0);
    await expect(page.getByText('Failed to load tags.')).toHaveCount(0);
    await expect(feedCards(page).first()).toBeVisible();
  });

  test('the next page of the feed', async ({ page, request }) => {
    const tag = `retry${uid()}`;
    for (let i = 0; i < 21; i++) {
      await createQuestion(request, { text: `<p>Paged ${i}</p>`, tags: [tag] });
    }
    await page.route('**/api/questions/?*cursor*', (route) =>
      route.fulfill({ status: 500, json: {} }),
    );
    await page.goto(`/?tag=${tag}`);
    await expect(feedCards(page)).toHaveCount(20);
    await page.getByTestId('feed-end').scrollIntoViewIfNeeded();
    await expect(page.getByText('Failed to load posts.')).toBeVisible();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(feedCards(page)).toHaveCount(21);
    await expect(page.getByText('Failed to load posts.')).toHaveCount(0);
  });

  test('a question', async ({ page, request }) => {
    const q = await createQuestion(request, { text: `<p>Retry me ${uid()}</p>` });
    await withoutPageData(page);
    let failing = true;
    await page.route(`**/api/questions/${q.id}/`, (route) =>
      failing ? route.fulfill({ status: 500, json: {} }) : route.continue(),
    );
    await page.goto(`/questions/${q.id}`);
    await expect(page.getByText('Failed to load question.')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(questionArticle(page).getByText('Retry me')).toBeVisible();
  });

  test('My Content', async ({ page, request }) => {
    const user = await createUser(request, 'retry');
    await signInPage(page, await login(request, user.username, user.password));
    let failing = true;
    await page.route('**/api/my/answers/', (route) =>
      failing ? route.fulfill({ status: 500, json: {} }) : route.continue(),
    );
    await page.route('**/api/questions/?*', (route) =>
      failing ? route.fulfill({ status: 500, json: {} }) : route.continue(),
    );
    await page.goto('/my/content');
    await expect(page.getByText('Failed to load your content.')).toHaveCount(2);
    failing = false;
    await clickEveryRetry(page);
    await expect(page.getByText('No questions yet.')).toBeVisible();
    await expect(page.getByText('No replies yet.')).toBeVisible();
  });

  test('reports', async ({ page, request }) => {
    await signInPage(page, await loginAdmin(request));
    let failing = true;
    await page.route('**/api/reports/', (route) =>
      failing ? route.fulfill({ status: 500, json: {} }) : route.fulfill({ json: [] }),
    );
    await page.goto('/admin/reports');
    await expect(page.getByText('Failed to load reports.')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No pending reports.')).toBeVisible();
  });
});

test.describe('toasts', () => {
  test('at most two show, the newest on top, clear of the buttons', async ({ page, request }) => {
    // The page's clock only moves when the test says so: a loaded machine cannot let the
    // toasts' 3 seconds run out while their positions are measured.
    await page.clock.install();
    await page.setViewportSize({ width: 375, height: 812 });
    const q = await createQuestion(request, { text: `<p>Toasts ${uid()}</p>` });
    // A like, its unlike (a second press), then a like that fails.
    const answers = [
      { status: 200, json: { likes: 1 } },
      { status: 204 },
      { status: 500, json: {} },
    ];
    await page.route('**/api/questions/*/like/', (route) =>
      route.fulfill(answers.shift() ?? { status: 500, json: {} }),
    );
    await page.goto(`/questions/${q.id}`);
    const like = questionArticle(page).getByRole('button', { name: 'Like this post' });
    await like.click();
    await expect.poll(() => toastsTopToBottom(page)).toEqual(['Question liked!']);
    await like.click();
    await expect.poll(() => toastsTopToBottom(page)).toEqual(['Like removed.', 'Question liked!']);
    await like.click();
    await expect
      .poll(() => toastsTopToBottom(page))
      .toEqual(['Couldn’t like the question.', 'Like removed.']);
    const [newest, older] = await shownToasts(page).all();
    if (!newest || !older) throw new Error('two toasts expected');
    // Clear of the header and of the question's actions.
    const covered = [
      page.getByRole('button', { name: 'Ask a Question' }),
      page.getByRole('button', { name: 'Menu' }),
      like,
      questionArticle(page).getByRole('button', { name: 'Report' }),
    ];
    for (const toast of [newest, older]) {
      for (const control of covered)
        expect(overlaps(await box(toast), await box(control))).toBe(false);
    }
    // They still vanish after 3 seconds (spec §2).
    await page.clock.runFor(3_100);
    await expect(shownToasts(page)).toHaveCount(0);
  });

  test("in a dialog they never cover the dialog's buttons", async ({ page, context }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('textbox', { name: 'Question text' }).fill(`Cover test ${uid()}`);
    await context.setOffline(true);
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await submit.click();
    await submit.click();
    await expect(shownToasts(page)).toHaveCount(2);
    await expect(notifications(page).getByRole('alert')).toContainText(OFFLINE);
    const buttons = [
      submit,
      dialog.getByRole('button', { name: 'Cancel' }),
      dialog.getByRole('button', { name: 'Close' }),
    ];
    const toastBoxes = await shownToasts(page).evaluateAll((toasts) =>
      toasts.map((t) => t.getBoundingClientRect().toJSON() as DOMRect),
    );
    for (const button of buttons) {
      const target = await box(button);
      for (const toast of toastBoxes) expect(overlaps(toast, target)).toBe(false);
      await button.click({ trial: true, timeout: 2000 });
    }
    await context.setOffline(false);
  });
});
