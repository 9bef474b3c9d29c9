/**
 * The first screen comes with the page: the server embeds its data in the HTML and draws it
 * (the web app's server build), so the feed's first card, and a question with its thread,
 * show without the app asking the API for them first, and even before any script runs. Each test records, in order, the API reads the page's scripts make and the
 * moment the content is on screen, and asserts that order, never a time. A visitor with an
 * identity still gets their own view: the app asks again in the background.
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import type { Page } from '@playwright/test';
import { createAnswer, createQuestion, createReport, loginAdmin, uid } from '../support/api.ts';
import { expect, feedCards, questionArticle, signInPage, test } from '../support/fixtures.ts';
import { appReadyMarks, drawnElementsReplaced, keepDrawnElements } from '../support/hydration.ts';

/** The page's log: every script read of `path` (a prefix), and the marks the test adds. */
function recordReads(page: Page, path: RegExp) {
  const log: string[] = [];
  page.on('request', (request) => {
    const type = request.resourceType();
    if ((type === 'fetch' || type === 'xhr') && path.test(new URL(request.url()).pathname)) {
      log.push(`read ${request.method()} ${new URL(request.url()).pathname}`);
    }
  });
  return log;
}

/**
 * Resolves when the app opens its live stream, which it does only once the first screen is
 * done (the load event, a pause, an idle moment): every read that screen made was sent by
 * then. Not `networkidle`: the open stream keeps the network busy, and on a busy machine it
 * can open before the network was ever quiet for half a second, so that wait never ended.
 * Call it before the navigation.
 */
function liveStreamOpened(page: Page) {
  return page.waitForRequest((request) => new URL(request.url()).pathname === '/api/events/');
}

/** The ids given to more than one element on the page (each once). */
function idsGivenTwice(page: Page) {
  return page.evaluate(() => {
    const ids = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
    return [...new Set(ids.filter((id, at) => ids.indexOf(id) !== at))];
  });
}

/**
 * Holds the question screen's script back until `until` settles (or 1.5 s have passed), so
 * that the app takes the rest of the drawn page over first and the screen's part later.
 */
function holdQuestionScreen(page: Page, until: Promise<unknown>) {
  return page.route(/\/assets\/question-[^/]*\.js$/, async (route) => {
    await Promise.race([until, new Promise((resolve) => setTimeout(resolve, 1_500))]);
    await route.continue();
  });
}

test.describe('first load', () => {
  test('the home page shows a question card before any feed request', async ({
    page,
    context,
    request,
  }) => {
    const word = `firstload${uid()}`;
    await createQuestion(request, { text: `<p>Is ${word} a good first date?</p>` });
    const log = recordReads(page, /^\/api\/questions\/$/);
    await page.goto('/');
    await expect(feedCards(page).first()).toBeVisible();
    log.push('feed shown');
    await page.waitForLoadState('networkidle');
    // A stranger's page needs no read of the feed at all: it came with the HTML.
    expect(log).toEqual(['feed shown']);

    // The address's filters too. A new tab: this one has a key now, and would ask again.
    const tab = await context.newPage();
    const tabLog = recordReads(tab, /^\/api\/questions\/$/);
    await tab.goto(`/?q=${word}`);
    await expect(feedCards(tab).filter({ hasText: word })).toBeVisible();
    tabLog.push('card shown');
    await tab.waitForLoadState('networkidle');
    expect(tabLog).toEqual(['card shown']);
  });

  test('the question page shows the question and its thread before any request for them', async ({
    page,
    request,
  }) => {
    const word = `firstload${uid()}`;
    const question = await createQuestion(request, { text: `<p>Should I call ${word}?</p>` });
    await createAnswer(request, question.id, { text: `Call ${word} tonight.` });
    const log = recordReads(page, /^\/api\/questions\/\d+\/$/);

    const settled = liveStreamOpened(page);
    await page.goto(`/questions/${question.id}`);
    await expect(
      page.getByTestId('question-text').getByText(`Should I call ${word}?`),
    ).toBeVisible();
    await expect(page.getByText(`Call ${word} tonight.`)).toBeVisible();
    log.push('question shown');
    await settled;

    expect(log).toEqual(['question shown']);
  });

  test('the owner sees "(yours)" once the background read comes back', async ({
    page,
    request,
  }) => {
    const word = `firstload${uid()}`;
    const key = strongSessionId(randomUUID);
    const question = await createQuestion(
      request,
      { text: `<p>Was ${word} too much?</p>` },
      { sessionId: key },
    );
    // This tab holds the key that asked, as after posting or restoring it.
    await page.addInitScript((sessionId) => {
      window.sessionStorage.setItem('session_id', sessionId);
    }, key);
    // The owner's own read is held until the test has seen the page without it.
    let asked = false;
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(`**/api/questions/${question.id}/`, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });

    await page.goto(`/questions/${question.id}`);
    await expect(
      page.getByTestId('question-text').getByText(`Was ${word} too much?`),
    ).toBeVisible();
    await expect(page.getByText('(yours)')).toHaveCount(0);
    // Shown from the page's own data; the app asks again at once, in the background.
    await expect.poll(() => asked).toBe(true);
    answer();
    await expect(page.getByText('(yours)')).toBeVisible();
  });

  test('drawn on the server: with scripts off, the feed shows its cards', async ({
    browser,
    request,
  }) => {
    const word = `drawn${uid()}`;
    await createQuestion(request, {
      text: `<p>Is <b>${word}</b> &amp; a &lt;plan&gt; too soon?</p><ul><li>one</li></ul>`,
    });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const card = feedCards(page).filter({ hasText: `Is ${word} & a <plan> too soon?` });
    await expect(card.locator('strong')).toHaveText(word);
    await expect(card.getByTestId('excerpt').getByRole('listitem')).toHaveText(['one']);
    await page.goto(`/?q=${word}`);
    await expect(feedCards(page)).toHaveCount(1);
    await expect(page).toHaveTitle('Dating Advice');
    await context.close();
  });

  test("drawn on the server: with scripts off, a question's page reads whole, and says posting needs scripts", async ({
    browser,
    request,
  }) => {
    const word = `drawnq${uid()}`;
    const question = await createQuestion(request, {
      text: `<p>Is <b>${word}</b> &amp; a &lt;plan&gt; too soon?</p>`,
    });
    const first = await createAnswer(request, question.id, { text: `Wait, ${word} <b>.` });
    await createAnswer(request, question.id, { text: `Nested ${word}.`, parent_id: first.id });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/questions/${question.id}`);
    await expect(questionArticle(page).locator('b, strong')).toHaveText(word);
    await expect(questionArticle(page)).toContainText(`Is ${word} & a <plan> too soon?`);
    // Escaped: the reply's text is text, never markup.
    await expect(page.getByText(`Wait, ${word} <b>.`)).toBeVisible();
    await expect(page.getByText(`Nested ${word}.`)).toBeVisible();
    const form = page.getByTestId('leave-reply');
    // In <noscript>, which a browser with scripting off shows (Playwright's text assertions
    // skip such an element's text, so it is read from the page).
    expect(await form.locator('noscript').evaluate((element) => element.textContent)).toBe(
      'Posting a reply needs JavaScript: turn it on to reply.',
    );
    await expect(form.getByRole('textbox', { name: 'Your reply' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Post Reply' })).toBeDisabled();
    // Styled with no script: the screen's own stylesheet (1.15rem headings) is in the page.
    await expect(form.getByRole('heading', { level: 2 })).toHaveCSS('font-size', '18.4px');
    await context.close();
  });

  test("a question's page drawn on the server takes no typing until the app has it, then posts", async ({
    page,
    request,
  }) => {
    const word = `waits${uid()}`;
    const question = await createQuestion(request, { text: `<p>Should I wait, ${word}?</p>` });
    await createAnswer(request, question.id, { text: `Yes, ${word}.` });
    // The screen's code is held back: the page is drawn, but not yet the app's.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/question-page-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/questions/${question.id}`);
    await expect(questionArticle(page)).toContainText(`Should I wait, ${word}?`);
    await expect(page.getByText(`Yes, ${word}.`)).toBeVisible();
    const text = page.getByRole('textbox', { name: 'Your reply' });
    await expect(text).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Post Reply' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Like this post' })).toBeDisabled();
    await expect(page.getByRole('button', { name: /Like this reply/ })).toBeDisabled();
    // Not for readers: the form needs no scripts-off line with scripts on.
    await expect(page.getByText('Posting a reply needs JavaScript')).toBeHidden();

    release();
    await expect(text).toBeEnabled();
    await text.fill(`Typed once the app had the page, ${word}.`);
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expect(
      page.getByTestId('answer').filter({ hasText: `Typed once the app had the page, ${word}.` }),
    ).toBeVisible();
  });

  test("a question's page has its title before any script, and keeps it", async ({
    browser,
    page,
    request,
  }) => {
    const word = `titled${uid()}`;
    const question = await createQuestion(request, {
      text: `<p>Is <b>${word}</b> &amp; a &lt;/title&gt; too soon?</p><p>Second line</p>`,
    });
    const title = `Is ${word} & a </title> too soon? · Dating Advice`;
    // As a link preview reads it: the page's HTML, no script run.
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    const reader = await noScripts.newPage();
    await reader.goto(`/questions/${question.id}`);
    await expect(reader).toHaveTitle(title);
    await noScripts.close();

    await page.goto(`/questions/${question.id}`);
    await expect(page).toHaveTitle(title);
    await expect.poll(() => appReadyMarks(page)).toBe(1);
    await expect(
      page.getByRole('heading', { level: 1, name: `Is ${word} & a </title> too soon?` }),
    ).toBeAttached();
    await expect(page).toHaveTitle(title);
  });

  test("a question's page asks for its screen's files without waiting for the app, and brings its styles", async ({
    page,
    request,
  }) => {
    const word = `preload${uid()}`;
    const question = await createQuestion(request, { text: `<p>Is ${word} moving fast?</p>` });
    // The app's entry is held back until the screen's script has been asked for: only the
    // page's own links can ask for it then.
    const log: string[] = [];
    let releaseEntry = () => {};
    const entryHeld = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      log.push('entry asked');
      await entryHeld;
      await route.continue();
    });
    page.on('request', (sent) => {
      const file = new URL(sent.url()).pathname;
      if (/^\/assets\/question-page-[^/]+\.(js|css)$/.test(file)) {
        log.push(`screen's ${file.endsWith('.css') ? 'stylesheet' : 'script'} asked`);
        if (file.endsWith('.js')) releaseEntry();
      }
    });
    await page.goto(`/questions/${question.id}`);
    await expect(questionArticle(page)).toContainText(`Is ${word} moving fast?`);
    await expect.poll(() => appReadyMarks(page)).toBe(1);
    // The entry was held, and the screen's script asked for once: the app took the preloaded
    // file rather than asking again. Its stylesheet was never asked for: it is in the page.
    expect(log.sort()).toEqual(['entry asked', "screen's script asked"]);
  });

  test('the app takes the drawn screen over with no mismatch, in any time zone and theme', async ({
    browser,
    request,
  }) => {
    const word = `hydrate${uid()}`;
    // Formatting too: the server reads a card's HTML with its own parser, the browser with
    // its own, and both must draw the same card.
    const question = await createQuestion(request, {
      text: `<h1>Hydrate ${word}?</h1><p><b>Bold</b> <i>and</i> <a href="https://example.com">a link</a></p><ul><li><p>one ${word}</p></li><li>two</li></ul>`,
    });
    const yes = await createAnswer(request, question.id, { text: `Yes, ${word}.` });
    await createAnswer(request, question.id, { text: `Nested, ${word}.`, parent_id: yes.id });
    // Past 12.8 KB of thread too, for the question's page.
    for (let i = 0; i < 25; i++) {
      await createAnswer(request, question.id, { text: `Reply ${i}. ${'Be kind. '.repeat(60)}` });
    }
    // Twenty long questions: past 12.8 KB of feed, where React would outline the list to be
    // revealed by an inline script that the CSP blocks (it stayed hidden, and the app drew
    // the list a second time).
    for (let i = 0; i < 20; i++) {
      await createQuestion(request, { text: `<p>Long ${i}. ${'Be kind. '.repeat(60)}</p>` });
    }
    // A zone far from the server's UTC, the dark scheme and a phone: everything the server
    // cannot know, which hydration must not trip over.
    const context = await browser.newContext({
      timezoneId: 'Pacific/Kiritimati',
      colorScheme: 'dark',
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    await keepDrawnElements(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto('/');
    await expect(feedCards(page)).toHaveCount(20);
    await expect.poll(() => appReadyMarks(page)).toBe(1);
    expect(await drawnElementsReplaced(page)).toEqual([]);
    await page.goto(`/?q=${word}`);
    await expect(feedCards(page).filter({ hasText: word })).toBeVisible();
    // Taken over: the app answers a click (the theme toggle shows the system's dark scheme),
    // and has marked the moment for measurements (npm run bench:web), once.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    expect(await appReadyMarks(page)).toBe(1);
    const settled = liveStreamOpened(page);
    await page.goto(`/questions/${question.id}`);
    await expect(page.getByText(`Yes, ${word}.`)).toBeVisible();
    await expect(page.getByText(`Nested, ${word}.`)).toBeVisible();
    // It was drawn by the server, long thread and all (no drawing fell back to the app).
    const drawnPage = await (await request.get(`/questions/${question.id}`)).text();
    expect(drawnPage).not.toContain('<div id="root"></div>');
    const mine = page.getByTestId('answer').filter({ hasText: `Yes, ${word}.` });
    await mine.getByRole('button', { name: /Like this reply/ }).click();
    await expect(mine.getByRole('button', { name: /Like this reply \(1 like\)/ })).toBeVisible();
    await settled;
    expect(await drawnElementsReplaced(page)).toEqual([]);
    // Opened after hydration, the report dialog has ids of its own, none that the drawing
    // holds: the browser's tree has the server's shape, and useId follows it (a dialog named
    // by another element's label once could not be found by its name).
    await questionArticle(page).getByRole('button', { name: 'Report', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Report question' })).toBeVisible();
    expect(await idsGivenTwice(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a drawn screen whose code came late changes whole when its own view comes back', async ({
    page,
    request,
  }) => {
    // A hidden question, read by an admin: drawn for a stranger (the notice, a <p>), then
    // shown whole and marked once the admin's own read comes back (its text, a <div>).
    const word = `late${uid()}`;
    const question = await createQuestion(request, { text: `<p>${word} question</p>` });
    // MODERATION_AUTOHIDE defaults to 3.
    for (let i = 0; i < 3; i++) await createReport(request, { question: question.id });
    await signInPage(page, await loginAdmin(request));
    // The screen's code comes after the app has learnt who is signed in: the app, which took
    // the rest of the page over first, must take the drawn screen over as the server drew it
    // (for a stranger), not as the admin's view, or the drawn notice stays beside the text.
    const statusRead = page
      .waitForResponse((response) => response.url().endsWith('/api/user/status/'))
      .then(() => new Promise((resolve) => setTimeout(resolve, 300)));
    await holdQuestionScreen(page, statusRead);

    await page.goto(`/questions/${question.id}`);
    const text = questionArticle(page).getByTestId('question-text');
    await expect(text).toHaveText(`${word} question`);
    await expect(
      questionArticle(page).getByText('Hidden while moderators review it'),
    ).toBeVisible();
    await expect(page.getByText('This post is hidden while moderators review it.')).toHaveCount(0);
    await expect(text).toHaveCount(1);
    // The header, drawn for nobody signed in, holds the admin's and nothing of the drawing.
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);
    await expect(page.getByText('Loading authentication status...')).toHaveCount(0);
  });

  for (const late of [false, true]) {
    test(`a tab whose key asked and replied takes the drawn screen over as drawn${late ? ', its code coming late' : ''}`, async ({
      page,
      request,
    }) => {
      const word = `keytab${uid()}`;
      const key = strongSessionId(randomUUID);
      const question = await createQuestion(
        request,
        { text: `<p>Was ${word} too much?</p>` },
        { sessionId: key },
      );
      await createAnswer(request, question.id, { text: `Mine, ${word}.` }, { sessionId: key });
      await createAnswer(request, question.id, { text: `Theirs, ${word}.` });
      await page.addInitScript((sessionId) => {
        window.sessionStorage.setItem('session_id', sessionId);
      }, key);
      await keepDrawnElements(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The key's own read of the question is held until the drawing has been taken over.
      let releaseOwnRead: () => void = () => {};
      const ownReadHeld = new Promise<void>((resolve) => {
        releaseOwnRead = resolve;
      });
      await page.route(`**/api/questions/${question.id}/`, async (route) => {
        await ownReadHeld;
        await route.continue();
      });
      if (late) {
        await holdQuestionScreen(
          page,
          page.waitForResponse((response) => response.url().endsWith('/api/user/status/')),
        );
      }

      await page.goto(`/questions/${question.id}`);
      await expect(page.getByText(`Mine, ${word}.`)).toBeVisible();
      await expect.poll(() => appReadyMarks(page)).toBe(1);
      // Taken over: the reply box takes typing (it is drawn disabled until then).
      await expect(page.getByLabel('Your reply')).toBeEnabled();
      expect(await drawnElementsReplaced(page)).toEqual([]);
      expect(await idsGivenTwice(page)).toEqual([]);

      releaseOwnRead();
      await expect(questionArticle(page).getByText('(yours)')).toBeVisible();
      // A dialog opened now is named by its own title (useId follows the tree, so a browser
      // tree of another shape than the drawing's gives ids the drawing holds).
      const theirs = page.getByTestId('answer').filter({ hasText: `Theirs, ${word}.` });
      await theirs.getByRole('button', { name: 'Report', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Report answer' })).toBeVisible();
      expect(await idsGivenTwice(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
