/**
 * Finding good advice: the sort in the address with Back, tags
 * that lead to the filtered feed, the tag filter as a combobox used by keyboard, likes that
 * show their state and can be taken back, and a search's result count and marked words.
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAnswer, createQuestion, uid } from '../support/api.ts';
import {
  expect,
  expectAccessible,
  expectToast,
  feedCards,
  questionArticle,
  sessionIdOf,
  test,
} from '../support/fixtures.ts';
import { everyWay } from '../support/screens.ts';

async function expectPath(page: Page, path: string) {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    })
    .toBe(path);
}

async function likeByApi(request: APIRequestContext, id: number, session: string) {
  const res = await request.post(`/api/questions/${id}/like/`, {
    headers: { 'X-Session-Id': session },
    data: { session_id: session },
  });
  expect(res.status()).toBe(200);
}

/** The excerpts of the feed's cards, top to bottom. */
const excerpts = (page: Page) => feedCards(page).getByTestId('excerpt').allTextContents();

test.describe('sorting the feed', () => {
  test('the sort is in the URL, Back restores it, and a copied URL shows the same order', async ({
    page,
    browser,
    request,
  }) => {
    const tag = `sort${uid()}`;
    const liked = await createQuestion(request, { text: `<p>Liked ${tag}</p>`, tags: [tag] });
    const answered = await createQuestion(request, {
      text: `<p>Answered ${tag}</p>`,
      tags: [tag],
    });
    await createQuestion(request, { text: `<p>Newest ${tag}</p>`, tags: [tag] });
    for (let i = 0; i < 3; i += 1) {
      await likeByApi(request, liked.id, strongSessionId(randomUUID));
    }
    await createAnswer(request, answered.id);

    await page.goto(`/?tag=${tag}`);
    const sort = page.getByLabel('Sort by');
    await expect(sort).toHaveValue('new');
    await expect
      .poll(() => excerpts(page))
      .toEqual([`Newest ${tag}`, `Answered ${tag}`, `Liked ${tag}`]);
    await sort.selectOption('top');
    await expectPath(page, `/?tag=${tag}&sort=top`);
    await expect.poll(async () => (await excerpts(page))[0]).toBe(`Liked ${tag}`);
    await sort.selectOption('unanswered');
    await expectPath(page, `/?tag=${tag}&sort=unanswered`);
    await expect.poll(() => excerpts(page)).toEqual([`Newest ${tag}`, `Liked ${tag}`]);
    // The sort is no filter: 'Clear filters' keeps it.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expectPath(page, '/?sort=unanswered');

    await page.goBack();
    await expectPath(page, `/?tag=${tag}&sort=unanswered`);
    await page.goBack();
    await expectPath(page, `/?tag=${tag}&sort=top`);
    await expect(sort).toHaveValue('top');
    await expect.poll(async () => (await excerpts(page))[0]).toBe(`Liked ${tag}`);
    await page.goBack();
    await expectPath(page, `/?tag=${tag}`);
    await expect(sort).toHaveValue('new');

    const context = await browser.newContext();
    try {
      const copy = await context.newPage();
      await copy.goto(`/?tag=${tag}&sort=active`);
      await expect(copy.getByLabel('Sort by')).toHaveValue('active');
      await expect.poll(async () => (await excerpts(copy))[0]).toBe(`Answered ${tag}`);
    } finally {
      await context.close();
    }
  });
});

test.describe('tags', () => {
  test('tags on cards and on the question page lead to the filtered feed', async ({
    page,
    request,
  }) => {
    const tag = `link${uid()}`;
    const q = await createQuestion(request, { text: `<p>Tagged ${tag}</p>`, tags: [tag] });
    await createQuestion(request, { text: `<p>Also tagged ${tag}</p>`, tags: [tag] });
    await page.goto('/');
    const card = feedCards(page)
      .filter({ hasText: `Tagged ${tag}` })
      .first();
    await card.getByRole('link', { name: `#${tag}` }).click();
    await expectPath(page, `/?tag=${tag}`);
    await expect(page.getByRole('heading', { name: 'Results', exact: true })).toBeVisible();
    await expect(feedCards(page)).toHaveCount(2);
    await expect(page.getByRole('combobox', { name: 'Tag' })).toHaveValue(`#${tag}`);

    await page.goto(`/questions/${q.id}`);
    await questionArticle(page)
      .getByRole('link', { name: `#${tag}` })
      .click();
    await expectPath(page, `/?tag=${tag}`);
    await expect(feedCards(page)).toHaveCount(2);
  });

  test('the tag filter is a combobox with counts, used by keyboard', async ({ page, request }) => {
    // Four axe runs over a list of every tag the suite has made so far (the per-language
    // screens make many): past 60 s on a loaded machine.
    test.slow();
    const u = uid();
    await createQuestion(request, { tags: [`alpha${u}`] });
    await createQuestion(request, { tags: [`alpha${u}`, `beta${u}`] });
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Tag' });
    const list = page.getByRole('listbox', { name: 'Tags' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    // Drawn disabled until the app has the page; focus() alone would not wait for that.
    await expect(box).toBeEnabled();
    await box.focus();
    await page.keyboard.type(`alpha${u}`);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByRole('option')).toHaveText([`#alpha${u} (2)`]);

    // Escape closes the list and puts back what the box showed.
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue('');

    // Type part of a name, move to it with the arrows, pick it with Enter.
    await page.keyboard.type(`eta${u}`);
    await page.keyboard.press('ArrowDown');
    const active = list.getByRole('option', { name: `#beta${u} (1)` });
    await expect(active).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await active.getAttribute('id')) ?? '',
    );
    await expectAccessible(page, 'tag combobox open');
    await page.keyboard.press('Enter');
    await expectPath(page, `/?tag=beta${u}`);
    await expect(box).toHaveValue(`#beta${u}`);
    await expect(feedCards(page)).toHaveCount(1);
    await expect(list).toBeHidden();

    // Enter picks the first match; ArrowDown on a closed box opens it at 'All tags'.
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`alpha${u}`);
    await page.keyboard.press('Enter');
    await expectPath(page, `/?tag=alpha${u}`);
    await expect(feedCards(page)).toHaveCount(2);
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'All tags' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    await expectPath(page, '/');
    await page.goBack();
    await expectPath(page, `/?tag=alpha${u}`);
    await expect(box).toHaveValue(`#alpha${u}`);

    // Open, in both themes and at both widths.
    await box.click();
    await expect(list).toBeVisible();
    await everyWay(page, 'feed-tag-combobox');
  });

  test('the ask dialog suggests existing tags and shows the limits before submit', async ({
    page,
    request,
  }) => {
    const tag = `known${uid()}`;
    await createQuestion(request, { tags: [tag] });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog');
    const entry = dialog.getByLabel('Tags');
    await expect(entry).toHaveAttribute('list', /.+/);
    const listId = await entry.getAttribute('list');
    await expect(dialog.locator(`datalist[id="${listId}"] option[value="${tag}"]`)).toHaveCount(1);
    await expect(dialog.getByText('Up to 10 tags, 32 characters each.')).toBeVisible();
    await entry.fill('x'.repeat(33));
    await expect(entry).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('likes with state', () => {
  test('a like shows as pressed, survives a reload, and a second press takes it back', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request, { text: `<p>Like state ${uid()}</p>` });
    const a = await createAnswer(request, q.id, { text: `Reply to like ${uid()}` });
    await page.goto(`/questions/${q.id}`);
    const like = questionArticle(page).getByRole('button', { name: 'Like this post' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expectToast(page, 'Question liked!');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(questionArticle(page).getByText('1 like', { exact: true })).toBeVisible();

    const reply = page.locator(`#answer-${a.id}`);
    await reply.getByRole('button', { name: /Like this reply/ }).click();
    await expectToast(page, 'Reply liked!');
    await expect(reply.getByRole('button', { name: 'Like this reply (1 like)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(reply.getByRole('button', { name: /Like this reply/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await like.click();
    await expectToast(page, 'Like removed.');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(questionArticle(page).getByText('0 likes', { exact: true })).toBeVisible();
    await reply.getByRole('button', { name: /Like this reply/ }).click();
    await expect(reply.getByRole('button', { name: 'Like this reply (0 likes)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
  });

  test('shows the change at once and rolls it back when the call fails', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request, { text: `<p>Rollback ${uid()}</p>` });
    await page.goto(`/questions/${q.id}`);
    const like = questionArticle(page).getByRole('button', { name: 'Like this post' });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');

    // The unlike hangs until the page has shown it, then fails.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/questions/*/like/', async (route) => {
      if (route.request().method() !== 'DELETE') return route.fallback();
      await held;
      return route.fulfill({ status: 500, json: {} });
    });
    await like.click();
    await expect(questionArticle(page).getByText('0 likes', { exact: true })).toBeVisible();
    release();
    await expectToast(page, "Couldn't remove the like.");
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(questionArticle(page).getByText('1 like', { exact: true })).toBeVisible();
  });

  test('a like given elsewhere meets the spec message and shows as given', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request, { text: `<p>Elsewhere ${uid()}</p>` });
    await page.goto(`/questions/${q.id}`);
    const like = questionArticle(page).getByRole('button', { name: 'Like this post' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    // The same tab's key likes it through another client: this page still shows no like.
    await likeByApi(request, q.id, (await sessionIdOf(page)) ?? '');
    await like.click();
    await expectToast(page, 'Can only like once.');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(questionArticle(page).getByText('1 like', { exact: true })).toBeVisible();
  });
});

test.describe('search', () => {
  test('shows its result count and marks the matched words', async ({ page, request }) => {
    const word = `mango${uid()}`;
    for (let i = 0; i < 3; i += 1) {
      await createQuestion(request, { text: `<h1>Heading</h1><p>About ${word} number ${i}</p>` });
    }
    await page.goto(`/?q=${word}`);
    await expect(page.getByTestId('result-count')).toHaveText('3 results');
    await expect(feedCards(page)).toHaveCount(3);
    const marks = feedCards(page).locator('mark');
    await expect(marks).toHaveCount(3);
    await expect(marks.first()).toHaveText(word);
    // The question's heading is drawn as bold text, no heading of the page.
    await expect(feedCards(page).getByRole('heading')).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Search questions' }).fill(`${word}x${uid()}`);
    await expect(page.getByText('No related posts found.')).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText('0 results');
    await page.goto('/');
    await expect(page.getByTestId('result-count')).toHaveCount(0);
  });
});
