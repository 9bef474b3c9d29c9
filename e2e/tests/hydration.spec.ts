/**
 * Every page the server draws is taken over by React in the browser as drawn: hydrateRoot
 * finds what it would have drawn itself, so it keeps every element and reports no error it
 * recovered from (any such report fails every test: support/fixtures.ts).
 */
import type { Page } from '@playwright/test';
import { createAnswer, createQuestion, createReport, uid } from '../support/api.ts';
import { EXPECTS_RECOVERABLE_ERROR, expect, feedCards, test } from '../support/fixtures.ts';
import { appReadyMarks, drawnElementsReplaced, keepDrawnElements } from '../support/hydration.ts';

/** Opens `path` as a stranger and checks that the app took its drawing over whole. */
async function expectTakenOverAsDrawn(page: Page, path: string, shows: string) {
  await keepDrawnElements(page);
  const response = await page.goto(path);
  // Drawn by the server, not left to the browser.
  expect(await response?.text()).not.toContain('<div id="root"></div>');
  await expect(page.getByText(shows, { exact: true }).first()).toBeVisible();
  await expect.poll(() => appReadyMarks(page)).toBe(1);
  expect(await drawnElementsReplaced(page)).toEqual([]);
}

test.describe('hydration', () => {
  test('home, a question, a hidden question and a long thread are taken over as drawn', async ({
    page,
    request,
  }) => {
    const word = `drawn${uid()}`;
    const question = await createQuestion(request, {
      text: `<p>Is <b>${word}</b> a good sign?</p><ul><li>one</li><li>two</li></ul>`,
      tags: ['hydration'],
    });
    await createAnswer(request, question.id, { text: `Short ${word}.` });
    await expectTakenOverAsDrawn(page, '/', `Is ${word} a good sign?`);
    await expectTakenOverAsDrawn(page, `/questions/${question.id}`, `Short ${word}.`);

    // Hidden by reports (MODERATION_AUTOHIDE is 3): a stranger gets the notice, drawn.
    const hidden = await createQuestion(request, { text: `<p>Hidden ${word}</p>` });
    for (let i = 0; i < 3; i++) await createReport(request, { question: hidden.id });
    await expectTakenOverAsDrawn(
      page,
      `/questions/${hidden.id}`,
      'This post is hidden while moderators review it.',
    );

    // A long thread: forty replies, some of them nested five deep.
    const long = await createQuestion(request, { text: `<p>Long thread ${word}</p>` });
    let parent: number | undefined;
    for (let i = 0; i < 40; i++) {
      const answer = await createAnswer(request, long.id, {
        text: `Reply ${i} ${word}. ${'Be kind. '.repeat(20)}`,
        ...(i % 8 !== 0 && parent !== undefined ? { parent_id: parent } : {}),
      });
      parent = answer.id;
    }
    await expectTakenOverAsDrawn(page, `/questions/${long.id}`, `Long thread ${word}`);
  });

  for (const [path, heading] of [
    ['/about', 'About this site'],
    ['/privacy', 'Privacy: who can learn what'],
    ['/rules', 'Rules'],
  ] as const) {
    test(`${path} is taken over as drawn`, async ({ page }) => {
      await keepDrawnElements(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect.poll(() => appReadyMarks(page)).toBe(1);
      expect(await drawnElementsReplaced(page)).toEqual([]);
    });
  }

  test('on a 4x slower CPU, a search typed and a filter changed at once are not lost', async ({
    page,
    request,
  }) => {
    const word = `early${uid()}`;
    await createQuestion(request, { text: `<p>${word} from a woman</p>`, gender: 'W' });
    await createQuestion(request, { text: `<p>${word} from a man</p>`, gender: 'M' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    await page.goto('/', { waitUntil: 'commit' });
    // As a person would, as soon as each is on screen: the box and the select are drawn
    // disabled until the app has the page (clicks and selections wait for that), never
    // enabled and dead.
    const box = page.getByRole('searchbox', { name: 'Search questions' });
    await box.click();
    await box.pressSequentially(word);
    await page.getByLabel('Gender').selectOption('W');

    await expect(box).toHaveValue(word);
    await expect(page.getByLabel('Gender')).toHaveValue('W');
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({ q: word, gender: 'W' });
    await expect(feedCards(page)).toHaveCount(1);
    await expect(feedCards(page)).toContainText(`${word} from a woman`);
  });

  // The check itself: React reports a drawing that its render does not match, and the
  // report reaches the tests (any other test seeing one fails).
  test('a drawing that does not match is reported', async ({ page, recoverableErrors }) => {
    test.info().annotations.push({ type: EXPECTS_RECOVERABLE_ERROR });
    await page.route('/about', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /(<h1[^>]*>)About this site/,
        '$1Not what React draws',
      );
      await route.fulfill({ response, body, headers: { 'content-type': 'text/html' } });
    });
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About this site' })).toBeVisible();
    await expect.poll(() => recoverableErrors.length).toBe(1);
    // React's production build names the error by its number: 418, the drawn text differs.
    expect(recoverableErrors[0]).toContain('react.dev/errors/418');
  });
});
