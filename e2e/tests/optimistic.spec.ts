/**
 * Likes, follows and "this helped" show the press at once, through React's optimistic state,
 * and when the server fails they go back to what they were and say so.
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import type { Page, Route } from '@playwright/test';
import { createAnswer, createQuestion, uid } from '../support/api.ts';
import { expect, expectToast, questionArticle, test } from '../support/fixtures.ts';

/** Holds the calls to `path` until the returned function is called, then fails them. */
async function holdThenFail(page: Page, path: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route: Route) => {
    if (route.request().method() === 'GET') return route.fallback();
    await released;
    // A failure with no words of its own, so each control says its own.
    await route.fulfill({ status: 500, body: '' });
  });
  return release;
}

test('a like, a follow and "this helped" show at once, and roll back with a message when the server fails', async ({
  page,
  request,
}) => {
  const word = `optimistic${uid()}`;
  const asker = strongSessionId(randomUUID);
  const question = await createQuestion(request, { text: `<p>${word}?</p>` }, { sessionId: asker });
  const reply = await createAnswer(request, question.id, { text: `Reply ${word}.` });
  // The asker's tab: it may mark a reply as "this helped".
  await page.addInitScript((sessionId) => {
    window.sessionStorage.setItem('session_id', sessionId);
  }, asker);
  await page.goto(`/questions/${question.id}`);
  const article = questionArticle(page);
  const like = article.getByRole('button', { name: 'Like this post' });
  await expect(like).toBeEnabled();

  const failLike = await holdThenFail(page, `/api/questions/${question.id}/like/`);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(article.getByText('1 like', { exact: true })).toBeVisible();
  failLike();
  await expectToast(page, 'Couldn’t like the question.');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(article.getByText('0 likes', { exact: true })).toBeVisible();

  // The asker follows already: a press stops following, at once, and comes back on failure.
  const follow = article.getByRole('button', { name: 'Following' });
  const failFollow = await holdThenFail(page, `/api/questions/${question.id}/follow/`);
  await follow.click();
  await expect(article.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  failFollow();
  await expectToast(page, "Couldn't change whether you follow this question.");
  await expect(article.getByRole('button', { name: 'Following' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const answer = page.getByTestId('answer').filter({ hasText: `Reply ${word}.` });
  const helped = answer.getByRole('button', { name: 'This helped' });
  const failHelped = await holdThenFail(page, `/api/answers/${reply.id}/helpful/`);
  await helped.click();
  await expect(helped).toHaveAttribute('aria-pressed', 'true');
  await expect(answer.getByTestId('helped-badge')).toBeVisible();
  failHelped();
  await expectToast(page, 'Could not change the mark.');
  await expect(helped).toHaveAttribute('aria-pressed', 'false');
  await expect(answer.getByTestId('helped-badge')).toHaveCount(0);

  // With the server answering, each press stays.
  await page.unrouteAll({ behavior: 'wait' });
  await like.click();
  await expectToast(page, 'Question liked!');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(article.getByText('1 like', { exact: true })).toBeVisible();
  await helped.click();
  await expect(helped).toHaveAttribute('aria-pressed', 'true');
  await expect(answer.getByTestId('helped-badge')).toBeVisible();
});
