/**
 * The private key keeps its promise for questions: the anonymous key that asked one sees
 * '(yours)', Edit (in the rich editor, formatting kept) and Delete, on the question page and
 * on the owner view; a stranger sees none of them. Signed out, a tab whose key has posts
 * has My Content in the header; and the offer to keep the key says what it is, after the
 * new post, without covering it on a phone.
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import type { Locator, Page } from '@playwright/test';
import { createAnswer, createQuestion, uid } from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectToast,
  feedCards,
  questionArticle,
  recordToasts,
  test,
} from '../support/fixtures.ts';

const WHAT =
  "Without this key you can't edit, delete or find this post once this tab closes. It is not linked to your name or e-mail.";

const offer = (page: Page) => page.getByRole('complementary', { name: 'Keep access to this post' });

/** The header's My Content link: in the menu on a phone, in the row on a desktop. */
async function headerMyContent(page: Page): Promise<Locator> {
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  return header.getByRole('link', { name: 'My Content' });
}

/** Boxes that share no point: `below` starts under the end of `above` (measured at once). */
async function expectBelow(above: Locator, below: Locator) {
  const gap = await above.evaluate(
    (a, b) => b.getBoundingClientRect().top - a.getBoundingClientRect().bottom,
    await below.elementHandle(),
  );
  expect(gap).toBeGreaterThanOrEqual(0);
}

test.describe('the key that asked a question owns it', () => {
  test('a phone asks anonymously, keeps the key, edits with the formatting kept and deletes; a stranger cannot', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 812 });
    const word = `Owned${uid()}`;

    // Ask, with a bold word, as a visitor who is not signed in.
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask a Question' });
    const toolbar = ask.getByRole('toolbar', { name: 'Formatting' });
    await ask.getByRole('textbox', { name: 'Question text' }).click();
    await page.keyboard.type(`${word} is it fine to `);
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('text first');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await ask.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');

    // The offer says what the key is, right after the new question, which it does not cover.
    const card = feedCards(page).filter({ hasText: word });
    await expect(card).toBeVisible();
    const keep = offer(page);
    await expect(keep).toBeVisible();
    await expect(keep.getByText(WHAT)).toBeVisible();
    await expectBelow(card, keep);
    // Both on screen: the page scrolls to the offer only as far as the question stays.
    await expect(card).toBeInViewport();
    await expect(keep.getByRole('heading', { name: 'Keep access to this post' })).toBeInViewport();
    await expect(keep.getByText(WHAT)).toBeInViewport();
    await expectBelow(card, keep);

    // Signed out, the tab's key has a post: My Content is in the header's menu.
    const myContent = await headerMyContent(page);
    await expect(myContent).toBeVisible();
    await page.keyboard.press('Escape');
    await keep.getByRole('button', { name: 'Done' }).click();
    await expect(keep).toHaveCount(0);

    // Its page: '(yours)', Edit and Delete.
    await card.getByRole('link', { name: 'View question and replies' }).click();
    const question = questionArticle(page);
    await expect(question.getByTestId('question-text')).toContainText(word);
    await expect(question.getByText('(yours)')).toBeVisible();
    await expect(question.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(question.getByRole('button', { name: 'Delete' })).toBeVisible();
    const questionUrl = page.url();
    const id = Number(new URL(questionUrl).pathname.split('/')[2]);
    expect(id).toBeGreaterThan(0);

    // A stranger, in another browser: none of them.
    const elsewhere = await browser.newContext();
    await recordToasts(elsewhere);
    const stranger = await elsewhere.newPage();
    try {
      await stranger.goto(questionUrl);
      const theirs = questionArticle(stranger);
      await expect(theirs.getByTestId('question-text')).toContainText(word);
      await expect(theirs.getByText('(yours)')).toHaveCount(0);
      await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(theirs.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await stranger.goto(`/my/questions/${id}`);
      await expect(theirs.getByTestId('question-text')).toContainText(word);
      await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(theirs.getByRole('button', { name: 'Delete' })).toHaveCount(0);

      // Edit in the rich editor: the bold text is still bold, and new bold text stays bold.
      await question.getByRole('button', { name: 'Edit' }).click();
      const box = question.getByRole('textbox', { name: 'Edit question' });
      await expect(box).toBeFocused();
      await expect(box.locator('strong')).toHaveText('text first');
      // Bold one more word: the one the question starts with.
      await box.click();
      await page.keyboard.press('Control+Home');
      for (let i = 0; i < word.length; i++) await page.keyboard.press('Shift+ArrowRight');
      await question
        .getByRole('toolbar', { name: 'Formatting' })
        .getByRole('button', { name: 'Bold' })
        .click();
      await question.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Question updated successfully.');
      const text = question.getByTestId('question-text');
      await expect(text.locator('strong')).toHaveText([word, 'text first']);
      await page.reload();
      await expect(text.locator('strong')).toHaveText([word, 'text first']);
      await expect(question.getByText('(yours)')).toBeVisible();
      await stranger.reload();
      await expect(theirs.getByTestId('question-text').locator('strong')).toHaveText([
        word,
        'text first',
      ]);

      // The owner view works for the key too; a nested reply there still asks to sign in.
      await createAnswer(request, id, { text: `A stranger's answer ${word}` });
      await page.goto(`/my/questions/${id}`);
      await expect(page.getByRole('link', { name: /Back to My Content/ })).toBeVisible();
      await expect(question.getByText('(yours)')).toBeVisible();
      await expect(question.getByRole('button', { name: 'Edit' })).toBeVisible();
      await expect(question.getByRole('button', { name: 'Delete' })).toBeVisible();
      const answer = answerWithText(page, `A stranger's answer ${word}`);
      await answer.getByRole('button', { name: 'Reply', exact: true }).click();
      await answer.getByLabel('Your reply').fill('Thank you');
      await answer.getByRole('button', { name: 'Submit Reply' }).click();
      await expectToast(page, 'Please sign in to reply.');

      // Delete, from the question page: asked first, then gone, and home.
      await page.goto(questionUrl);
      await question.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm.getByText('Delete this question?')).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Question deleted.');
      await expect(page).toHaveURL(/\/$/);
      await expect(feedCards(page).filter({ hasText: word })).toHaveCount(0);
      await stranger.reload();
      await expect(stranger.getByText('Not found.')).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });

  test('signed out, a tab holding a key with posts has My Content in the header, on a desktop and a phone', async ({
    page,
    request,
  }) => {
    const key = strongSessionId(randomUUID);
    const word = `Listed${uid()}`;
    await createQuestion(request, { text: `<p>${word} asked with a key</p>` }, { sessionId: key });

    // A fresh tab: its own key has no posts, so no My Content.
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'My Content' })).toHaveCount(0);

    // The key that asked, restored from its private link: My Content lists its question.
    await page.goto(`/#key=${key}`);
    const use = page.getByRole('dialog', { name: 'Use my private key' });
    await use.getByRole('button', { name: 'Use this key' }).click();
    await expectToast(page, 'Private key restored: this tab owns its posts again.');
    const link = header.getByRole('link', { name: 'My Content' });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/my\/content$/);
    const posts = page.getByRole('region', { name: "Posts with this tab's private key" });
    await expect(posts.getByRole('link', { name: `${word} asked with a key` })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(await headerMyContent(page)).toBeVisible();
  });

  test('the offer after an anonymous reply follows the reply and does not cover it on a phone', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request, { text: `<p>Replies ${uid()}</p>` });
    for (let i = 0; i < 6; i++) await createAnswer(request, q.id, { text: `Earlier answer ${i}` });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/questions/${q.id}`);
    const text = `My own reply ${uid()}`;
    // On a phone the form opens from its one-line 'Leave a Reply' button.
    await page.getByRole('button', { name: 'Leave a Reply' }).click();
    await page.getByLabel('Your reply').fill(text);
    await page.getByRole('button', { name: 'Post Reply' }).click();
    const reply = answerWithText(page, text);
    await expect(reply).toBeVisible();
    const keep = offer(page);
    await expect(keep).toBeVisible();
    await expect(keep.getByText(WHAT)).toBeVisible();
    await expect(keep.getByText(WHAT)).toBeInViewport();
    await expect(reply).toBeInViewport({ ratio: 1 });
    await expectBelow(reply, keep);
  });
});
