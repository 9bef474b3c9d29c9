/**
 * Long threads: deep and long branches collapsed (the server's pages: long-thread.spec.ts), a reply
 * just posted scrolled to, lit and focused; on a phone the indentation stops after three
 * levels and a depth line shows the level.
 */
import type { Page } from '@playwright/test';
import { createAnswer, createQuestion, uid } from '../support/api.ts';
import { answerWithText, expect, expectToast, keepAccessOffer, test } from '../support/fixtures.ts';

type Request = Parameters<typeof createQuestion>[0];

/** 25 top-level replies; the first has a chain 6 levels deep, the second 8 replies. */
async function longThread(request: Request) {
  const q = await createQuestion(request, { text: `<p>Long thread ${uid()}</p>` });
  const tops: number[] = [];
  for (let i = 0; i < 25; i++) {
    tops.push((await createAnswer(request, q.id, { text: `Top ${i}` })).id);
  }
  let parent = tops[0] as number;
  for (let level = 2; level <= 6; level++) {
    parent = (
      await createAnswer(request, q.id, { text: `Level ${level} reply`, parent_id: parent })
    ).id;
  }
  for (let i = 0; i < 8; i++) {
    await createAnswer(request, q.id, { text: `Child ${i}`, parent_id: tops[1] as number });
  }
  return q;
}

/**
 * Records, in the page, the text of every reply that gets lit. The light lasts 2.5 s: on a
 * loaded machine the toast's check and the focus assertions can outlast it, so the test
 * asserts that it happened rather than racing to see it.
 */
async function recordHighlights(page: Page) {
  await page.evaluate(() => {
    const lit: string[] = [];
    (window as unknown as { lit: string[] }).lit = lit;
    new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target as HTMLElement;
        if (element.dataset.highlighted === 'true') {
          lit.push(element.querySelector('[data-testid="answer-text"]')?.textContent ?? '');
        }
      }
    }).observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ['data-highlighted'],
    });
  });
}

function highlighted(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { lit: string[] }).lit);
}

test.describe('long threads', () => {
  test('collapse: 4 levels, 5 replies a branch; a page of 25 top-level replies shows whole', async ({
    page,
    request,
  }) => {
    const q = await longThread(request);
    await page.goto(`/questions/${q.id}`);
    await expect(answerWithText(page, 'Top 24')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more replies' })).toHaveCount(0);

    await expect(answerWithText(page, 'Level 4 reply')).toBeVisible();
    await expect(answerWithText(page, 'Level 5 reply')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show 2 more replies' }).click();
    await expect(answerWithText(page, 'Level 6 reply')).toBeVisible();

    await expect(answerWithText(page, 'Child 4')).toBeVisible();
    await expect(answerWithText(page, 'Child 5')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show 3 more replies' }).click();
    await expect(answerWithText(page, 'Child 7')).toBeVisible();
  });

  test('a new reply is scrolled to, lit and focused, wherever it lands', async ({
    page,
    request,
  }) => {
    const q = await longThread(request);
    await page.goto(`/questions/${q.id}`);
    // A top-level reply lands after the 25th, at the end of the thread.
    const form = page.getByRole('region', { name: 'Leave a Reply' });
    await form.getByLabel('Your reply').fill('Brand new top reply');
    await recordHighlights(page);
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    const mine = answerWithText(page, 'Brand new top reply');
    // The tab's first post: the keep-access offer has the focus until Done, then the reply.
    const offer = keepAccessOffer(page);
    await expect(offer).toBeFocused();
    await offer.getByRole('button', { name: 'Done' }).click();
    await expect(mine).toBeFocused();
    await expect(mine).toBeInViewport();
    await expect.poll(() => highlighted(page)).toContain('Brand new top reply');
    await expect(mine).not.toHaveAttribute('data-highlighted', 'true', { timeout: 6000 });

    // A reply below level 4 comes out alone: the rest of the branch stays folded.
    const level4 = answerWithText(page, 'Level 4 reply');
    await level4.scrollIntoViewIfNeeded();
    await level4.getByRole('button', { name: 'Reply', exact: true }).click();
    await level4.getByLabel('Your reply').fill('Deep new reply');
    await level4.getByRole('button', { name: 'Submit Reply' }).click();
    await expectToast(page, 'Reply submitted.');
    const deep = answerWithText(page, 'Deep new reply');
    await expect(deep).toBeFocused();
    await expect(deep).toBeInViewport();
    await expect(answerWithText(page, 'Level 5 reply')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show 2 more replies' }).click();
    await expect(answerWithText(page, 'Level 6 reply')).toBeVisible();
  });

  test('indentation: 24 px a level on a desktop; on a phone it stops after 3 levels', async ({
    page,
    request,
  }) => {
    const q = await longThread(request);
    const x = async (text: string) => (await answerWithText(page, text).boundingBox())?.x ?? 0;
    await page.goto(`/questions/${q.id}`);
    const desktop = [
      await x('Top 0'),
      await x('Level 2 reply'),
      await x('Level 3 reply'),
      await x('Level 4 reply'),
    ];
    expect(desktop.slice(1).map((v, i) => Math.round(v - (desktop[i] ?? 0)))).toEqual([24, 24, 24]);
    await expect(answerWithText(page, 'Level 4 reply').getByTestId('depth-line')).toBeHidden();

    await page.setViewportSize({ width: 375, height: 812 });
    const phone = [
      await x('Top 0'),
      await x('Level 2 reply'),
      await x('Level 3 reply'),
      await x('Level 4 reply'),
    ];
    expect(phone.slice(1).map((v, i) => Math.round(v - (phone[i] ?? 0)))).toEqual([24, 24, 0]);
    await expect(answerWithText(page, 'Level 4 reply').getByTestId('depth-line')).toHaveText(
      'Level 4',
    );
    // The deep reply keeps at least three quarters of the page's width: the body's, inside the
    // gutter kept for a scrollbar (none on a phone; 15 px on this emulated desktop).
    const width = (await answerWithText(page, 'Level 4 reply').boundingBox())?.width ?? 0;
    const pageWidth = await page.evaluate(() => document.body.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(pageWidth * 0.75);
  });
});
