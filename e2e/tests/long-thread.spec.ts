/**
 * A thread longer than the server's page (50 top-level replies): the question page shows the
 * first page, loads the next as the reader scrolls to the end (or with 'Load more replies'
 * for keyboards), and shows a reply just posted even before its page is loaded.
 */
import { createAnswer, createQuestion, uid } from '../support/api.ts';
import { answerWithText, expect, expectToast, keepAccessOffer, test } from '../support/fixtures.ts';

type Request = Parameters<typeof createQuestion>[0];

const TOP = 62;

async function longThread(request: Request) {
  const q = await createQuestion(request, { text: `<p>Very long thread ${uid()}</p>` });
  for (let i = 0; i < TOP; i++) await createAnswer(request, q.id, { text: `Reply number ${i}` });
  return q;
}

test.describe('a thread in pages', () => {
  test('shows the first 50 replies, and the rest as the reader scrolls', async ({
    page,
    request,
  }) => {
    const q = await longThread(request);
    await page.goto(`/questions/${q.id}`);
    await expect(answerWithText(page, 'Reply number 49')).toHaveCount(1);
    await expect(answerWithText(page, 'Reply number 50')).toHaveCount(0);
    await expect(page.getByTestId('answer')).toHaveCount(50);

    await page.getByTestId('replies-end').scrollIntoViewIfNeeded();
    await expect(answerWithText(page, `Reply number ${TOP - 1}`)).toBeVisible();
    await expect(page.getByTestId('answer')).toHaveCount(TOP);
    await expect(page.getByRole('button', { name: 'Load more replies' })).toHaveCount(0);
  });

  test('loads the next page with the button, from the keyboard', async ({ page, request }) => {
    const q = await longThread(request);
    // No observer: only the button loads more.
    await page.addInitScript(() => {
      // biome-ignore lint/suspicious/noExplicitAny: removing a browser global for the test
      delete (window as any).IntersectionObserver;
    });
    await page.goto(`/questions/${q.id}`);
    await expect(page.getByTestId('answer')).toHaveCount(50);
    const more = page.getByRole('button', { name: 'Load more replies' });
    // The page comes drawn with its first replies, the button disabled until the app has
    // hydrated: a key pressed before then does nothing (it failed CI under load).
    await expect(more).toBeEnabled();
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(answerWithText(page, `Reply number ${TOP - 1}`)).toBeVisible();
    await expect(page.getByTestId('answer')).toHaveCount(TOP);
    await expect(more).toHaveCount(0);

    // A reply of a later page takes a like at once, like those of the first.
    const late = answerWithText(page, `Reply number ${TOP - 2}`);
    await late.getByRole('button', { name: /Like this reply/ }).click();
    await expectToast(page, 'Reply liked!');
    await expect(late.getByRole('button', { name: 'Like this reply (1 like)' })).toBeVisible();
  });

  test('a reply posted before its page is loaded is shown', async ({ page, request }) => {
    const q = await longThread(request);
    await page.addInitScript(() => {
      // biome-ignore lint/suspicious/noExplicitAny: removing a browser global for the test
      delete (window as any).IntersectionObserver;
    });
    await page.goto(`/questions/${q.id}`);
    await expect(page.getByTestId('answer')).toHaveCount(50);
    const form = page.getByRole('region', { name: 'Leave a Reply' });
    await form.getByLabel('Your reply').fill('My late reply');
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    const mine = answerWithText(page, 'My late reply');
    await expect(mine).toBeVisible();
    // The tab's first post: the keep-access offer has the focus until Done, then the reply.
    const offer = keepAccessOffer(page);
    await expect(offer).toBeFocused();
    await offer.getByRole('button', { name: 'Done' }).click();
    await expect(mine).toBeFocused();
    // Loading the rest shows it once.
    await page.getByRole('button', { name: 'Load more replies' }).click();
    await expect(answerWithText(page, `Reply number ${TOP - 1}`)).toBeVisible();
    await expect(page.getByTestId('answer')).toHaveCount(TOP + 1);
    await expect(mine).toHaveCount(1);
  });
});
