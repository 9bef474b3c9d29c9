/**
 * Perspectives and outcomes: the asker marks a reply "This helped" (badged,
 * first in the thread, "Helped" on the feed's card) and adds an update (shown under the
 * question, found by the "With updates" filter); a visitor filters the thread by
 * perspective, by pointer and by keyboard, with the choice kept in the address.
 */
import { createAnswer, createQuestion, uid } from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectToast,
  feedCards,
  sessionIdOf,
  test,
} from '../support/fixtures.ts';
import { everyWay } from '../support/screens.ts';

type Request = Parameters<typeof createQuestion>[0];

/** A question with replies from several groups; `sessionId` asks it when given. */
async function questionWithReplies(request: Request, word: string, sessionId?: string) {
  // Without a session id, the helper asks as a fresh anonymous visitor.
  const q = await createQuestion(
    request,
    { text: `<p>Should I text first? ${word}</p>` },
    sessionId ? { sessionId } : undefined,
  );
  await createAnswer(request, q.id, { text: 'Wait a day', gender: 'M', age_range: '18-25' });
  await createAnswer(request, q.id, { text: 'Just text', gender: 'W', age_range: '26-35' });
  await createAnswer(request, q.id, { text: 'Call instead', gender: 'W', age_range: '36-45' });
  await createAnswer(request, q.id, { text: 'Ask a friend', gender: 'NB', age_range: '26-35' });
  return q;
}

test.describe('perspectives and outcomes', () => {
  test('the asker marks a reply helpful and adds an update', async ({ page, request }) => {
    await page.goto('/');
    const sessionId = (await sessionIdOf(page)) as string;
    const word = `helped${uid()}`;
    const q = await questionWithReplies(request, word, sessionId);
    await createQuestion(request, { text: `<p>No news here ${word}</p>` });

    await page.goto(`/questions/${q.id}`);
    const replies = page.getByTestId('answer');
    await expect(replies.first()).toContainText('Wait a day');
    const chosen = answerWithText(page, 'Call instead');
    const toggle = chosen.getByRole('button', { name: 'This helped' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expectToast(page, 'Marked as helpful.');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(chosen.getByTestId('helped-badge')).toHaveText('✓ Helped');
    // Helped replies come first.
    await expect(replies.first()).toContainText('Call instead');

    const updates = page.getByRole('region', { name: 'Updates' });
    await updates.getByLabel('Your update').fill('We talked and it went well.');
    await updates.getByRole('button', { name: 'Add an update' }).click();
    await expectToast(page, 'Update posted.');
    const shown = updates.getByTestId('question-updates').getByRole('listitem');
    await expect(shown).toHaveCount(1);
    await expect(shown.first()).toHaveText(/^Update, .+: We talked and it went well\.$/);
    await everyWay(page, 'outcomes-asker', { fullPage: true });

    await page.goto('/');
    const card = feedCards(page).filter({ hasText: `Should I text first? ${word}` });
    await expect(card.getByTestId('helped')).toHaveText('✓ Helped');
    await expect(card.getByTestId('update-count')).toHaveText('1 update');
    // The box follows the address, which changes in a transition: click, then wait for it.
    await page.getByLabel('With updates').click();
    await expect(page.getByLabel('With updates')).toBeChecked();
    await expect(page).toHaveURL(/[?&]has_updates=true/);
    await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
    await expect(feedCards(page).filter({ hasText: `Should I text first? ${word}` })).toBeVisible();
    await expect(feedCards(page).filter({ hasText: `No news here ${word}` })).toHaveCount(0);
    // Without the filter, the question without updates is back.
    await page.getByLabel('With updates').click();
    await expect(page.getByLabel('With updates')).not.toBeChecked();
    await expect(page).not.toHaveURL(/has_updates/);
    await expect(feedCards(page).filter({ hasText: `No news here ${word}` })).toBeVisible();
  });

  test('a visitor filters the thread by perspective', async ({ page, request }) => {
    const q = await questionWithReplies(request, `persp${uid()}`);
    await page.goto(`/questions/${q.id}`);
    const bar = page.getByRole('region', { name: 'Perspectives' });
    const thread = page.getByRole('region', { name: 'Replies' });
    await expect(thread.getByTestId('answer')).toHaveCount(4);
    // Only the asker marks replies.
    await expect(page.getByRole('button', { name: 'This helped' })).toHaveCount(0);

    await bar.getByRole('link', { name: 'Woman: 2 replies' }).click();
    await expect(page).toHaveURL(/[?&]perspective_gender=W(&|$)/);
    const women = page.getByRole('region', { name: 'What do women say?' });
    await expect(women.getByTestId('answer')).toHaveCount(2);

    // By keyboard: the age group narrows it further.
    await bar.getByRole('link', { name: '26-35: 2 replies' }).focus();
    await page.keyboard.press('Enter');
    const narrowed = page.getByRole('region', { name: 'What do women 26-35 say?' });
    await expect(narrowed.getByTestId('answer')).toHaveCount(1);
    await expect(narrowed.getByTestId('answer')).toContainText('Just text');
    await expect(page).toHaveURL(/perspective_gender=W&perspective_age=26-35/);
    await expect(bar.getByRole('link', { name: 'Woman: 2 replies' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await everyWay(page, 'outcomes-perspective', { fullPage: true });

    // A copied address shows the same replies.
    await page.reload();
    await expect(narrowed.getByTestId('answer')).toHaveCount(1);
    // Back goes to the previous group; 'All replies' to the whole thread.
    await page.goBack();
    await expect(women.getByTestId('answer')).toHaveCount(2);
    await bar.getByRole('link', { name: 'All replies' }).click();
    await expect(thread.getByTestId('answer')).toHaveCount(4);
    await expect(page).not.toHaveURL(/perspective_/);
  });
});
