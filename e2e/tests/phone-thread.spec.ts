/**
 * The question page's thread on a phone and after posting: replies first (the 'Leave a
 * Reply' form and Perspectives fold to one line below 640 px, the header stays at the top),
 * a reply posted in a long collapsed thread shown where it belongs without opening every
 * page, a new nested reply drawn at its depth at once, and no reply form under a question
 * hidden by reports.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createAnswer, createQuestion, createReport, uid } from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectAccessible,
  expectToast,
  keepAccessOffer,
  setTheme,
  test,
} from '../support/fixtures.ts';
import { SHOTS } from '../support/screens.ts';

type Request = Parameters<typeof createQuestion>[0];

const PHONE = { width: 375, height: 812 };

async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box.y;
}

/** A short question with three replies, one of them with a reply. */
async function shortThread(request: Request) {
  const q = await createQuestion(request, {
    text: `<p>Should I text him first after our date? ${uid()}</p>`,
  });
  const first = await createAnswer(request, q.id, { text: 'First reply: yes, go for it.' });
  await createAnswer(request, q.id, { text: 'Second reply: wait a day.', parent_id: first.id });
  await createAnswer(request, q.id, { text: 'Third reply: ask what you want.', gender: 'W' });
  return q;
}

const leaveReply = (page: Page) => page.getByRole('region', { name: 'Leave a Reply' });

/** Records in the page the x of the reply with this text in the first layout that has it. */
async function recordFirstX(page: Page, text: string) {
  await page.evaluate((wanted) => {
    const seen: number[] = [];
    (window as unknown as { firstX: number[] }).firstX = seen;
    new MutationObserver(() => {
      if (seen.length > 0) return;
      for (const node of Array.from(document.querySelectorAll('[data-testid="answer-text"]'))) {
        if (node.textContent !== wanted) continue;
        const article = node.closest('article');
        if (article) seen.push(article.getBoundingClientRect().x);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
}

const firstX = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstX: number[] }).firstX[0] ?? -1);

test.describe('on a phone (375×812)', () => {
  test.use({ viewport: PHONE });

  test('the first reply starts on the first screen; the form opens from a button', async ({
    page,
    request,
  }) => {
    const q = await shortThread(request);
    await page.goto(`/questions/${q.id}`);
    const first = answerWithText(page, 'First reply');
    await expect(first).toBeVisible();
    expect(await top(first)).toBeLessThan(PHONE.height);

    // Folded: the heading is a button; the text field waits behind it.
    const form = leaveReply(page);
    const toggle = form.getByRole('button', { name: 'Leave a Reply' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(form.getByLabel('Your reply')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await form.getByLabel('Your reply').fill('Half a thought');
    // Folding again keeps the draft, and so does a reload (the form then opens by itself).
    await toggle.click();
    await expect(form.getByLabel('Your reply')).toBeHidden();
    await toggle.click();
    await expect(form.getByLabel('Your reply')).toHaveValue('Half a thought');
    await page.reload();
    await expect(leaveReply(page).getByLabel('Your reply')).toHaveValue('Half a thought');

    await leaveReply(page).getByLabel('Your reply').fill('Text him, keep it light.');
    await leaveReply(page).getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    await expect(answerWithText(page, 'Text him, keep it light.')).toBeInViewport();
  });

  test('Perspectives fold into one line that opens', async ({ page, request }) => {
    const q = await shortThread(request);
    await page.goto(`/questions/${q.id}`);
    const bar = page.getByRole('region', { name: 'Perspectives' });
    const toggle = bar.getByRole('button', { name: 'Perspectives' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(bar.getByTestId('perspective-W')).toBeHidden();
    expect((await bar.boundingBox())?.height ?? 0).toBeLessThanOrEqual(64);
    await toggle.click();
    await bar.getByTestId('perspective-W').click();
    await expect(page).toHaveURL(/gender=W/);
    await expect(answerWithText(page, 'Third reply')).toBeVisible();
    await expect(answerWithText(page, 'First reply')).toHaveCount(0);
  });

  test('the header stays at the top while the page scrolls', async ({ page, request }) => {
    const q = await shortThread(request);
    for (let i = 0; i < 8; i++) await createAnswer(request, q.id, { text: `More ${i}` });
    await page.goto(`/questions/${q.id}`);
    await answerWithText(page, 'More 7').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.y).toBe(0);
    await header.getByRole('button', { name: 'Ask a Question' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('after a reply in a 200-reply thread: under 20,000 px, the reply in view', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const q = await createQuestion(request, { text: `<p>Crowded thread ${uid()}</p>` });
    for (let i = 0; i < 200; i++) {
      await createAnswer(request, q.id, { text: `Crowd reply ${i}.` });
    }
    await page.goto(`/questions/${q.id}`);
    await expect(answerWithText(page, 'Crowd reply 49.')).toHaveCount(1);
    const form = leaveReply(page);
    await form.getByRole('button', { name: 'Leave a Reply' }).click();
    await form.getByLabel('Your reply').fill('My reply at the very end');
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    const mine = answerWithText(page, 'My reply at the very end');
    // This tab's first post: the keep-access offer takes the focus, and gives it back.
    const offer = keepAccessOffer(page);
    await expect(offer).toBeFocused();
    await offer.getByRole('button', { name: 'Done' }).click();
    await expect(mine).toBeFocused();
    await expect(mine).toBeInViewport();
    // Let any page that was going to load come in, then measure.
    await page.waitForTimeout(2000);
    await expect(mine).toBeInViewport();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(20_000);
    await expect(answerWithText(page, 'Crowd reply 199.')).toHaveCount(0);

    // A reply to that reply (its page is still not loaded) is drawn at its own depth at once.
    const mineX = (await mine.boundingBox())?.x ?? 0;
    await mine.getByRole('button', { name: 'Reply', exact: true }).click();
    await mine.getByLabel('Your reply').fill('Answering myself');
    await recordFirstX(page, 'Answering myself');
    await mine.getByRole('button', { name: 'Submit Reply' }).click();
    await expect(answerWithText(page, 'Answering myself')).toBeInViewport();
    expect(await firstX(page)).toBeGreaterThan(mineX + 20);

    // A reply to a reply on the first page opens only its own branch.
    const parent = answerWithText(page, 'Crowd reply 3.');
    await parent.scrollIntoViewIfNeeded();
    await parent.getByRole('button', { name: 'Reply', exact: true }).click();
    await parent.getByLabel('Your reply').fill('A nested answer');
    await parent.getByRole('button', { name: 'Submit Reply' }).click();
    await expectToast(page, 'Reply submitted.');
    await expect(answerWithText(page, 'A nested answer')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(20_000);
  });

  test('the question page is accessible in both themes', async ({ page, request }) => {
    // Eight axe runs on a shared machine.
    test.setTimeout(240_000);
    const q = await shortThread(request);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 812 });
      await page.goto(`/questions/${q.id}`);
      await expect(answerWithText(page, 'First reply')).toBeVisible();
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(page, theme);
        await page.screenshot({ path: path.join(SHOTS, `question-fold-${theme}-${width}.png`) });
        await expectAccessible(page, `question ${width} ${theme}`);
        if (width === 375) {
          await page.getByRole('button', { name: 'Leave a Reply' }).click();
          await page.getByRole('button', { name: 'Perspectives' }).click();
          await expectAccessible(page, `question ${width} ${theme}, opened`);
          await page.getByRole('button', { name: 'Leave a Reply' }).click();
          await page.getByRole('button', { name: 'Perspectives' }).click();
        }
      }
    }
  });
});

test('on a desktop the form and Perspectives stay open', async ({ page, request }) => {
  const q = await shortThread(request);
  await page.goto(`/questions/${q.id}`);
  const form = leaveReply(page);
  await expect(form.getByRole('heading', { name: 'Leave a Reply' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Leave a Reply' })).toBeHidden();
  await expect(form.getByLabel('Your reply')).toBeVisible();
  const bar = page.getByRole('region', { name: 'Perspectives' });
  await expect(bar.getByTestId('perspective-W')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Perspectives' })).toBeHidden();
});

test('a new reply to a reply is drawn at its own depth at once', async ({ page, request }) => {
  const q = await createQuestion(request, { text: `<p>Depth ${uid()}</p>` });
  const parent = await createAnswer(request, q.id, { text: 'Parent reply' });
  await createAnswer(request, q.id, { text: 'Child reply', parent_id: parent.id });
  await page.goto(`/questions/${q.id}`);
  const child = answerWithText(page, 'Child reply');
  const childX = (await child.boundingBox())?.x ?? 0;
  await child.getByRole('button', { name: 'Reply', exact: true }).click();
  await child.getByLabel('Your reply').fill('Grandchild reply');
  await recordFirstX(page, 'Grandchild reply');
  await child.getByRole('button', { name: 'Submit Reply' }).click();
  const grandchild = answerWithText(page, 'Grandchild reply');
  await expect(grandchild).toHaveCount(1);
  expect(await firstX(page)).toBeGreaterThan(childX + 20);
  expect(Math.round((await grandchild.boundingBox())?.x ?? 0) - Math.round(childX)).toBe(24);
});

test('a question hidden by reports shows others no reply form', async ({ page, request }) => {
  const q = await createQuestion(request, { text: `<p>Reported question ${uid()}</p>` });
  for (let i = 0; i < 3; i++) await createReport(request, { question: q.id });
  await page.goto(`/questions/${q.id}`);
  await expect(page.getByTestId('question-text')).toHaveText(
    'This post is hidden while moderators review it.',
  );
  await expect(leaveReply(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0);
  // The server refuses too.
  await expect(createAnswer(request, q.id, { text: 'sneaking in' })).rejects.toThrow(/API 403/);
});
