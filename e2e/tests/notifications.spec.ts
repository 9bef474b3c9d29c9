/**
 * Being told (the inbox and the live event stream) in the browser: an anonymous asker's
 * header counts a stranger's reply without a reload, and the inbox item, naming its
 * question, opens it wherever it is clicked; a follower is told; opening a thread reads its
 * notifications; an open thread shows new replies without a reload; a phone's menu button
 * carries the count.
 */
import type { Browser, Page } from '@playwright/test';
import {
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  login,
  uid,
} from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectToast,
  questionArticle,
  recordToasts,
  sessionIdOf,
  signInPage,
  test,
} from '../support/fixtures.ts';
import { everyWay } from '../support/screens.ts';

/** The header's bell (a link named by its count). */
const bell = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Notifications(, \d+ unread)?$/ });

/** A visitor of their own: another browser, so another tab key. */
async function stranger(browser: Browser) {
  const context = await browser.newContext();
  await recordToasts(context);
  return { context, page: await context.newPage() };
}

async function postReply(page: Page, text: string) {
  await page.getByLabel('Your reply').fill(text);
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(answerWithText(page, text)).toBeVisible();
}

test.describe('notifications', () => {
  test("an anonymous asker is told of a stranger's reply at once, and the notification opens it", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const word = `Told${uid()}`;
    const streams: { url: string; key: string | undefined }[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/events/') {
        streams.push({ url: r.url(), key: r.headers()['x-session-id'] });
      }
    });
    await page.goto('/');
    // No identity yet: no bell, and no "(n)" in the title.
    await expect(page.getByRole('heading', { name: 'Feed', exact: true })).toBeVisible();
    await expect(bell(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask a Question' });
    await ask.getByRole('textbox', { name: 'Question text' }).fill(`${word} question`);
    const asked = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/questions/',
    );
    await ask.getByRole('button', { name: 'Submit' }).click();
    const { id } = (await (await asked).json()) as { id: number };
    await expectToast(page, 'Question posted successfully!');
    // The tab's key has a post: the bell is there, with nothing unread.
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    const key = await sessionIdOf(page);
    expect(key).not.toBeNull();

    // A stranger replies from another browser.
    const other = await stranger(browser);
    await other.page.goto(`/questions/${id}`);
    const replyText = `${word} a stranger's reply`;
    await postReply(other.page, replyText);
    await other.context.close();

    // Without a reload: the count, in the header and in the title.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });
    await expect(page.getByTestId('unread-count')).toHaveText('1');
    await expect(page).toHaveTitle(/^\(1\) /);

    // The bell opens the inbox; the item says what happened and opens the reply.
    await bell(page).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const item = page.getByTestId('notification').first();
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item.getByText(replyText)).toBeVisible();
    await expect(item.getByTestId('author-label')).toHaveText('Anon 1');
    await expect(item.getByTestId('notification-question')).toHaveText(`On “${word} question”`);
    const link = item.getByRole('link', { name: 'New reply from Anon 1' });
    await expect(link).toHaveAttribute('href', new RegExp(`^/questions/${id}#answer-\\d+$`));
    await everyWay(page, 'notifications', { fullPage: true });
    // The whole item opens it, not only its title: a click in its middle (the reply's
    // words) lands on its link.
    await item.click();

    await expect(page).toHaveURL(new RegExp(`/questions/${id}#answer-\\d+$`));
    const reply = answerWithText(page, replyText);
    await expect(reply).toBeVisible();
    await expect(reply).toBeFocused();
    // Opened, so read: the count goes, from the header and the title, and from the server.
    await expect(bell(page)).toHaveAccessibleName('Notifications', { timeout: 10_000 });
    await expect(page).not.toHaveTitle(/^\(\d+\) /);
    const unread = await request.get('/api/notifications/unread/', {
      headers: { 'X-Session-Id': key ?? '' },
    });
    expect(await unread.json()).toEqual({ count: 0 });
    await page.goBack();
    await expect(page.getByTestId('notification').first()).toHaveAttribute('data-read', 'true');
    // The stream got the key in a header, never in its address.
    expect(streams.length).toBeGreaterThan(0);
    for (const stream of streams) {
      expect(stream.key).toBe(key);
      expect(stream.url).not.toContain(key ?? '');
    }
  });

  test('a follower is told of a new reply; Follow is a toggle', async ({ page, request }) => {
    const question = await createQuestion(request, { text: `<p>Followed ${uid()}</p>` });
    await page.goto(`/questions/${question.id}`);
    await expect(questionArticle(page)).toBeVisible();
    await expect(bell(page)).toHaveCount(0);

    const follow = questionArticle(page).getByRole('button', { name: 'Follow', exact: true });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await follow.click();
    const following = questionArticle(page).getByRole('button', { name: 'Following' });
    await expect(following).toHaveAttribute('aria-pressed', 'true');
    // The follow belongs to this tab's key: it now has an inbox.
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await everyWay(page, 'question-following');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Someone replies (through the API, from elsewhere): the follower is told.
    await createAnswer(request, question.id, { text: `A reply for followers ${uid()}` });
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });
    await expect(page).toHaveTitle(/^\(1\) /);

    // Mark all as read, from the inbox.
    await bell(page).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByTestId('notification').first()).toHaveAttribute('data-read', 'true');
    await expect(bell(page)).toHaveAccessibleName('Notifications', { timeout: 10_000 });

    // Unfollowed, the next reply does not reach the inbox.
    await page.goto(`/questions/${question.id}`);
    await following.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    const key = await sessionIdOf(page);
    const response = await request.get(`/api/questions/${question.id}/`, {
      headers: { 'X-Session-Id': key ?? '' },
    });
    expect(((await response.json()) as { following: boolean }).following).toBe(false);
  });

  test("opening a thread, however it is reached, reads that thread's notifications only", async ({
    page,
    request,
  }) => {
    const word = `Opened${uid()}`;
    const [first, second] = [
      await createQuestion(request, { text: `<p>${word} first</p>` }),
      await createQuestion(request, { text: `<p>${word} second</p>` }),
    ];
    await page.goto(`/questions/${first.id}`);
    await questionArticle(page).getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(questionArticle(page).getByRole('button', { name: 'Following' })).toBeVisible();
    await page.goto(`/questions/${second.id}`);
    await questionArticle(page).getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(questionArticle(page).getByRole('button', { name: 'Following' })).toBeVisible();
    // Away from both threads: an open thread reads its news as they come, so a reply to it
    // would count or not as its stream was connected yet or not.
    await page.goto('/');
    await createAnswer(request, first.id, { text: `To the first ${word}` });
    await createAnswer(request, second.id, { text: `To the second ${word}` });
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 10_000 });

    // Opened by its address (as from a push), not from the inbox: its news are read.
    const read = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/notifications/read/',
    );
    await page.goto(`/questions/${first.id}`);
    expect((await read).postDataJSON()).toEqual({ question: first.id });
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });
    await bell(page).click();
    const items = page.getByTestId('notification');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: `${word} first` })).toHaveAttribute('data-read', 'true');
    const other = items.filter({ hasText: `${word} second` });
    await expect(other).toHaveAttribute('data-read', 'false');
    // By keyboard: the item's link, then Enter.
    await other.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(answerWithText(page, `To the second ${word}`)).toBeFocused();
    await expect(bell(page)).toHaveAccessibleName('Notifications', { timeout: 10_000 });
  });

  test('an open thread shows a new reply without a reload; a long one offers it', async ({
    page,
    request,
  }) => {
    const short = await createQuestion(request, { text: `<p>Short ${uid()}</p>` });
    await page.goto(`/questions/${short.id}`);
    await expect(page.getByText('No replies yet.', { exact: false })).toBeVisible();
    const text = `Live reply ${uid()}`;
    await createAnswer(request, short.id, { text });
    await expect(answerWithText(page, text)).toBeVisible({ timeout: 10_000 });

    // A longer thread is not moved under the reader: a button shows the new reply.
    const long = await createQuestion(request, { text: `<p>Long ${uid()}</p>` });
    for (let i = 0; i < 11; i += 1) await createAnswer(request, long.id, { text: `Earlier ${i}` });
    // The page has read its thread and is listening (so the next reply is news to it).
    const listening = page.waitForRequest(
      (r) =>
        new URL(r.url()).pathname === '/api/events/' && r.url().includes(`question=${long.id}`),
    );
    await page.goto(`/questions/${long.id}`);
    await expect(answerWithText(page, 'Earlier 10')).toBeVisible();
    await listening;
    const later = `Later reply ${uid()}`;
    await createAnswer(request, long.id, { text: later });
    const show = page.getByRole('button', { name: 'Show 1 new reply' });
    await expect(show).toBeVisible({ timeout: 10_000 });
    await expect(answerWithText(page, later)).toHaveCount(0);
    await show.click();
    await expect(answerWithText(page, later)).toBeVisible();
    await expect(answerWithText(page, later)).toBeFocused();
    await expect(show).toHaveCount(0);
  });

  test('an open thread hidden by reports says it is no longer available, and shows its notice', async ({
    page,
    request,
  }) => {
    const secret = `Hidden soon ${uid()}`;
    const question = await createQuestion(request, { text: `<p>${secret}</p>` });
    const reply = `A reply ${uid()}`;
    await createAnswer(request, question.id, { text: reply });
    const listening = page.waitForRequest(
      (r) =>
        new URL(r.url()).pathname === '/api/events/' && r.url().includes(`question=${question.id}`),
    );
    await page.goto(`/questions/${question.id}`);
    await expect(answerWithText(page, reply)).toBeVisible();
    await listening;
    for (let i = 0; i < 3; i += 1) await createReport(request, { question: question.id });
    await expect(page.getByText('This question is no longer available.')).toBeVisible({
      timeout: 10_000,
    });
    await expect(
      questionArticle(page).getByText('This post is hidden while moderators review it.'),
    ).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(answerWithText(page, reply)).toHaveCount(0);
  });

  test("on a phone, the menu button carries a signed-in user's count", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const user = await createUser(request, 'told');
    const tokens = await login(request, user.username, user.password);
    const question = await createQuestion(request, { text: `<p>Mine ${uid()}</p>` }, { tokens });
    await signInPage(page, tokens);
    await page.goto('/');
    const menu = page.getByRole('banner').getByRole('button', { name: /^Menu/ });
    await expect(menu).toHaveAccessibleName('Menu');

    await createAnswer(request, question.id, { text: `To the user ${uid()}` });
    await expect(menu).toHaveAccessibleName('Menu, 1 unread', { timeout: 10_000 });
    await expect(page.getByTestId('menu-unread-count')).toHaveText('1');
    await menu.click();
    await bell(page).click();
    await expect(page.getByRole('link', { name: /^New reply from Anon 1$/ })).toBeVisible();
  });

  test('the inbox: empty, then a page at a time with Load more, by keyboard', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await createUser(request, 'inbox');
    const tokens = await login(request, user.username, user.password);
    await signInPage(page, tokens);
    await page.goto('/notifications');
    await expect(
      page.getByText('Nothing yet. When someone replies to you, it shows here.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    // 21 questions, each with a reply: 21 notifications, one more than a page.
    for (let i = 0; i < 21; i += 1) {
      const question = await createQuestion(request, { text: `<p>Paged ${i}</p>` }, { tokens });
      await createAnswer(request, question.id, { text: `Reply number ${i}` });
    }
    await expect(bell(page)).toHaveAccessibleName('Notifications, 21 unread', { timeout: 10_000 });
    const items = page.getByTestId('notification');
    await expect(items).toHaveCount(20);
    // Newest first.
    await expect(items.first().getByText('Reply number 20')).toBeVisible();
    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(items).toHaveCount(21);
    await expect(items.last().getByText('Reply number 0')).toBeVisible();
    await expect(more).toHaveCount(0);

    // An item opened by keyboard is read, and only it.
    await items.first().getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/questions\/\d+#answer-\d+$/);
    await expect(answerWithText(page, 'Reply number 20')).toBeFocused();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 20 unread', { timeout: 10_000 });
    await expect(page).toHaveTitle(/^\(20\) /);
  });
});
