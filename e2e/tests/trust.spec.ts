/**
 * Trust and clarity: a crisis support panel that stays small and beside its post (one
 * sentence, two places, More help) and never stacks with the keep-access offer; a reply that
 * could not be sent says it is kept, with Retry; and the keyboard path through Ask and the
 * keep-access offer.
 */
import type { Locator, Page } from '@playwright/test';
import { createAnswer, createQuestion, uid } from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectToast,
  feedCards,
  keepAccessOffer,
  test,
} from '../support/fixtures.ts';
import { everyWay } from '../support/screens.ts';

const PHONE = { width: 375, height: 812 };
const panelOf = (page: Page) =>
  page.getByRole('region', { name: 'Support is here if you need it' });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/** Watches the page from now on: whether the support panel and the offer were ever both in it. */
async function watchStacking(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { stacked: boolean };
    w.stacked = false;
    const check = () => {
      if (
        document.querySelector('[data-testid="support-panel"]') &&
        document.querySelector('[data-testid="keep-access"]')
      ) {
        w.stacked = true;
      }
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { stacked: boolean }).stacked);
}

/** Whether focus is on or inside `locator`. */
const holdsFocus = (locator: Locator) =>
  locator.evaluate((element) => element.contains(document.activeElement));

test.describe('crisis support, gently', () => {
  test('on a phone: small, beside the new reply, no jump to the top; More help opens the rest', async ({
    page,
    request,
  }) => {
    // Axe in both themes at two widths, on a shared machine.
    test.slow();
    await page.setViewportSize(PHONE);
    const q = await createQuestion(request, { text: `<p>Gentle support ${uid()}</p>` });
    for (let i = 0; i < 6; i++) {
      await createAnswer(request, q.id, {
        text: `An earlier reply number ${i} ${'words '.repeat(30)}`,
      });
    }
    await page.goto(`/questions/${q.id}`);
    const form = page.getByRole('region', { name: 'Leave a Reply' });
    // On a phone the form is folded behind its heading's button.
    await form.getByRole('button', { name: 'Leave a Reply' }).click();
    const text = `My boyfriend hits me when he is angry ${uid()}`;
    await form.getByLabel('Your reply').fill(text);
    // Somewhere down the page, as after reading a while.
    await page.evaluate(() => window.scrollTo(0, 300));
    // From here on, the lowest the page has been scrolled.
    await page.evaluate(() => {
      const w = window as unknown as { minScrollY: number };
      w.minScrollY = window.scrollY;
      window.addEventListener('scroll', () => {
        w.minScrollY = Math.min(w.minScrollY, window.scrollY);
      });
    });
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');

    const panel = panelOf(page);
    await expect(panel).toBeVisible();
    await expect(panel).toBeFocused();
    await expect(panel).toBeInViewport();
    // At most a third of the screen: one sentence, two places and More help.
    expect((await box(panel)).height).toBeLessThanOrEqual(270);
    await expect(panel.getByText('Abuse is never your fault.', { exact: true })).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    await expect(panel.getByRole('link', { name: 'Hot Peach Pages' })).toBeVisible();
    const more = panel.getByRole('button', { name: 'More help' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(
      panel.getByRole('heading', { name: 'If a partner is hurting or controlling you' }),
    ).toBeHidden();

    // Beside the reply it follows, and the page never went back to the top.
    const reply = answerWithText(page, text);
    await expect(reply).toBeVisible();
    const replyBox = await box(reply);
    const panelBox = await box(panel);
    expect(Math.abs(panelBox.y - (replyBox.y + replyBox.height))).toBeLessThan(80);
    expect(
      await page.evaluate(() => (window as unknown as { minScrollY: number }).minScrollY),
    ).toBeGreaterThan(0);

    await everyWay(page, 'support-panel');
    await page.setViewportSize(PHONE);

    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(
      panel.getByRole('heading', { name: 'If a partner is hurting or controlling you' }),
    ).toBeVisible();
    await expect(panel.getByText(/call your local emergency number/)).toBeVisible();
    await expect(panel.getByRole('link', { name: /^Call / }).first()).toHaveAttribute(
      'href',
      /^tel:\+?\d+$/,
    );
    await everyWay(page, 'support-panel-more');
    await page.setViewportSize(PHONE);

    // Dismiss: the keep-access offer, waiting until now, follows the reply and takes the
    // focus, as after a question (below). Asserting that the reply had the focus in between
    // passed only while the offer's code was slower to arrive than the check.
    await panel.getByRole('button', { name: 'Dismiss support resources' }).click();
    await expect(panel).toHaveCount(0);
    const offer = keepAccessOffer(page);
    await expect(offer).toBeFocused();
    expect(await offer.evaluate((element) => element.previousElementSibling?.id)).toBe(
      await reply.getAttribute('id'),
    );
  });

  test('after a question: the panel first, then the keep-access offer, never both', async ({
    page,
  }) => {
    await page.goto('/');
    const stacked = await watchStacking(page);
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    const text = `Since he left I want to die ${uid()}`;
    await dialog.getByRole('textbox', { name: 'Question text' }).click();
    await page.keyboard.type(text);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');

    const panel = panelOf(page);
    await expect(panel).toBeVisible();
    await expect(panel).toBeFocused();
    const card = feedCards(page).filter({ hasText: text });
    await expect(card).toBeVisible();
    // Beside the new question, not at the top of the page.
    const cardBox = await box(card);
    expect(Math.abs((await box(panel)).y - (cardBox.y + cardBox.height))).toBeLessThan(80);
    await page.waitForTimeout(1500);
    await expect(keepAccessOffer(page)).toHaveCount(0);

    await panel.getByRole('button', { name: 'Dismiss support resources' }).click();
    await expect(panel).toHaveCount(0);
    const offer = keepAccessOffer(page);
    await expect(offer).toBeVisible();
    await expect(offer).toBeFocused();
    expect(await stacked()).toBe(false);
  });
});

test.describe('keyboard', () => {
  test('Ask opens on the editor; the toolbar is one Tab stop with arrow keys', async ({ page }) => {
    // Axe in both themes at two widths, on a shared machine.
    test.slow();
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    const editor = dialog.getByRole('textbox', { name: 'Question text' });
    await expect(editor).toBeFocused();

    const toolbar = dialog.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
    // Forward from the editor: the next field.
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Gender')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(editor).toBeFocused();
    // Back: the toolbar is one stop, then what comes before it.
    await page.keyboard.press('Shift+Tab');
    await expect(toolbar.getByRole('button', { name: 'Header 1' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: 'Header 2' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(toolbar.getByRole('button', { name: 'Clean formatting' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name: 'Header 1' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(toolbar.getByRole('button', { name: 'Clean formatting' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(toolbar.getByRole('button', { name: 'Header 1' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Preview' })).toBeFocused();
    // Back into the toolbar: the button last used.
    await page.keyboard.press('Tab');
    await expect(toolbar.getByRole('button', { name: 'Header 2' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(editor).toBeFocused();
    await everyWay(page, 'ask-dialog-focus');
    // Escape from the editor closes the dialog too (the editor itself swallows it).
    await editor.focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('after an anonymous question, focus goes to the keep-access offer, then back to the post', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    const text = `Focus after posting ${uid()}`;
    // The editor has the focus once it has loaded: typing waits for that.
    await expect(dialog.getByRole('textbox', { name: 'Question text' })).toBeFocused();
    await page.keyboard.type(text);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');
    const offer = keepAccessOffer(page);
    await expect(offer).toBeVisible();
    await expect(offer).toBeFocused();
    await offer.getByRole('button', { name: 'Done' }).click();
    await expect(offer).toHaveCount(0);

    const card = feedCards(page).filter({ hasText: text });
    await expect.poll(() => holdsFocus(card)).toBe(true);
  });
});

test.describe('honest errors', () => {
  test('a reply the server cannot take: the spec message, a note that it is kept, and Retry', async ({
    page,
    request,
  }) => {
    // Axe in both themes at two widths, on a shared machine.
    test.slow();
    const q = await createQuestion(request, { text: `<p>Unreachable ${uid()}</p>` });
    await page.goto(`/questions/${q.id}`);
    let reachable = false;
    await page.route('**/api/questions/*/answers/**', (route) =>
      reachable || route.request().method() !== 'POST' ? route.continue() : route.abort(),
    );
    const form = page.getByRole('region', { name: 'Leave a Reply' });
    const text = `Kept while the server is away ${uid()}`;
    await form.getByLabel('Your reply').fill(text);
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Failed to submit reply. Check console for details.');

    const note = form.getByTestId('reply-kept');
    await expect(note).toHaveText(/Your reply is kept here\./);
    await expect(form.getByLabel('Your reply')).toHaveValue(text);
    // It stays (the toast goes).
    await page.waitForTimeout(4000);
    await expect(note).toBeVisible();
    await everyWay(page, 'reply-kept-note');

    reachable = true;
    await note.getByRole('button', { name: 'Retry' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    await expect(answerWithText(page, text)).toBeVisible();
    await expect(note).toHaveCount(0);
    await expect(form.getByLabel('Your reply')).toHaveValue('');
  });

  test('a nested reply the server cannot take shows the note too', async ({ page, request }) => {
    const q = await createQuestion(request, { text: `<p>Unreachable nested ${uid()}</p>` });
    await createAnswer(request, q.id, { text: 'A parent reply' });
    await page.goto(`/questions/${q.id}`);
    let reachable = false;
    await page.route('**/api/questions/*/answers/**', (route) =>
      reachable || route.request().method() !== 'POST' ? route.continue() : route.abort(),
    );
    const parent = answerWithText(page, 'A parent reply');
    await parent.getByRole('button', { name: 'Reply', exact: true }).click();
    const text = `Nested and kept ${uid()}`;
    const box = page.getByRole('textbox', { name: 'Your reply' }).last();
    await box.fill(text);
    await page.getByRole('button', { name: 'Submit Reply' }).click();
    await expectToast(page, 'Failed to submit reply. Check console for details.');
    const note = page.getByTestId('reply-kept');
    await expect(note).toBeVisible();
    reachable = true;
    await note.getByRole('button', { name: 'Retry' }).click();
    await expectToast(page, 'Reply submitted.');
    await expect(answerWithText(page, text)).toBeVisible();
  });
});
