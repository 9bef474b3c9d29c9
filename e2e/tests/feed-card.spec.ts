/**
 * A question's card in the feed: its text with its formatting (headings as bold text, out of
 * the page's outline), the search's words marked inside that text, clamped to six lines, and
 * a tap anywhere on it opening the question while its own links keep working.
 */
import { APP_READY_MARK } from '@dating/contract';
import type { Locator, Page } from '@playwright/test';
import { createQuestion, uid } from '../support/api.ts';
import { expect, feedCards, test } from '../support/fixtures.ts';

const cardText = (card: Locator) => card.getByTestId('excerpt');

/** The card of the one question holding `word`, found through the search. */
async function cardOf(page: Page, word: string) {
  await page.goto(`/?q=${word}`);
  await expect(feedCards(page)).toHaveCount(1);
  return feedCards(page).first();
}

test('a card shows bold, italic, underline, strike, lists and links; headings as bold text', async ({
  page,
  request,
}) => {
  const word = `format${uid()}`;
  await createQuestion(request, {
    text:
      `<h1>Big ${word}</h1><h2>Small</h2>` +
      '<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>struck</s> ' +
      '<a href="https://example.com/advice">a link</a></p>' +
      '<ul><li>Met 3 months ago</li><li>He replies after 2 days</li></ul><ol><li>first</li></ol>',
  });
  const text = cardText(await cardOf(page, word));
  await expect(text.locator('p > strong')).toHaveText([`Big ${word}`, 'Small', 'bold']);
  await expect(text.locator('em')).toHaveText('italic');
  await expect(text.locator('u')).toHaveText('under');
  await expect(text.locator('s')).toHaveText('struck');
  await expect(text.getByRole('link', { name: 'a link' })).toHaveAttribute(
    'href',
    'https://example.com/advice',
  );
  // List items stay items, each on its own line, not run together.
  await expect(text.locator('ul > li')).toHaveText(['Met 3 months ago', 'He replies after 2 days']);
  await expect(text.locator('ol > li')).toHaveText(['first']);
  const [met, replies] = await text.locator('ul > li').all();
  const metBox = await met?.boundingBox();
  const repliesBox = await replies?.boundingBox();
  expect(repliesBox?.y).toBeGreaterThan((metBox?.y ?? 0) + (metBox?.height ?? 0) - 1);
  // No heading of the author's enters the page: the outline is the app's own.
  await expect(text.locator('h1, h2, h3, h4, h5, h6')).toHaveCount(0);
  await expect(page.getByRole('heading')).toHaveText(['Dating Advice', 'Results']);
});

test('the search words are marked inside the formatted text, drawn on the server or not', async ({
  page,
  request,
}) => {
  const word = `marked${uid()}`;
  await createQuestion(request, {
    text:
      `<p>A <strong>${word}</strong> plan</p><ul><li>${word}s in a list</li></ul>` +
      `<p>&lt;mark&gt;${word}x&lt;/mark&gt; stays text</p>`,
  });
  const check = async () => {
    const text = cardText(feedCards(page).first());
    await expect(text.locator('mark')).toHaveText([word, `${word}s`, `${word}x`]);
    await expect(text.locator('strong > mark')).toHaveText(word);
    await expect(text.locator('li > mark')).toHaveText(`${word}s`);
    // Markup in the question's text is text, marked as text.
    await expect(text.locator('p').nth(1)).toHaveText(`<mark>${word}x</mark> stays text`);
  };
  // The first screen, drawn on the server and taken over by the app.
  await cardOf(page, word);
  await check();
  // Drawn by the app, from a search typed in the box.
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search questions' }).fill(word);
  await expect(feedCards(page)).toHaveCount(1);
  await check();
});

test('a tap anywhere on a card opens the question; its own links and tags work on their own', async ({
  page,
  request,
}) => {
  const word = `tap${uid()}`;
  const question = await createQuestion(request, {
    text: `<p>Where should we go, ${word}? <a href="https://example.com/ideas">Some ideas</a></p><p>${'More words to read. '.repeat(12)}</p>`,
    tags: [`tag${word}`],
  });
  await page.route('https://example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Ideas</title><p>Elsewhere</p>' }),
  );
  let card = await cardOf(page, word);
  // One link to the question, named as before.
  await expect(card.locator(`a[href="/questions/${question.id}"]`)).toHaveCount(1);
  await expect(card.getByRole('link', { name: 'View question and replies' })).toHaveCount(1);

  // A tap in the middle of the text, as a finger would (not on a link of its own).
  const box = await cardText(card).locator('p').nth(1).boundingBox();
  if (!box) throw new Error('the text is not on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(new RegExp(`/questions/${question.id}$`));
  await expect(page.getByTestId('question-text')).toContainText(word);

  // The link in the question's text goes where it says.
  await page.goBack();
  card = feedCards(page).first();
  await cardText(card).getByRole('link', { name: 'Some ideas' }).click();
  await expect(page).toHaveURL('https://example.com/ideas');

  // The tag filters the feed.
  await page.goBack();
  card = feedCards(page).first();
  await card.getByRole('link', { name: `#tag${word}` }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?tag=tag${word}$`));

  // By keyboard: the card's one link to the question opens it.
  await page.goto(`/?q=${word}`);
  const open = feedCards(page).first().getByRole('link', { name: 'View question and replies' });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/questions/${question.id}$`));
});

test.describe('on a phone (375×812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a card shows at most six lines of a long question, the same before and after the app runs', async ({
    page,
    request,
  }) => {
    const word = `clamp${uid()}`;
    await createQuestion(request, {
      text: `<p>${word} ${'We talk every day but never meet. '.repeat(20)}</p>`,
    });
    await createQuestion(request, {
      text: `<h1>${word} list</h1><ul>${Array.from({ length: 12 }, (_, i) => `<li>Reason ${i}</li>`).join('')}</ul>`,
    });
    // The app's entry is held back: first the cards as the server drew them, with the CSS.
    let releaseEntry = () => {};
    const entryHeld = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto(`/?q=${word}`, { waitUntil: 'commit' });
    await expect(feedCards(page)).toHaveCount(2);
    const sizes = () =>
      page.getByTestId('excerpt').evaluateAll((texts) =>
        texts.map((element) => ({
          line: Number.parseFloat(getComputedStyle(element).lineHeight),
          shown: element.clientHeight,
          whole: element.scrollHeight,
        })),
      );
    const drawn = await sizes();
    for (const size of drawn) {
      // Six lines (and the small gaps between blocks), the rest cut off.
      expect(size.shown).toBeGreaterThan(5.5 * size.line);
      expect(size.shown).toBeLessThan(6.6 * size.line);
      expect(size.whole).toBeGreaterThan(size.shown);
    }
    // Clamped by CSS alone: once the app has taken the page over, every card is as drawn.
    releaseEntry();
    await expect
      .poll(() =>
        page.evaluate((mark) => performance.getEntriesByName(mark).length, APP_READY_MARK),
      )
      .toBe(1);
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await sizes()).toEqual(drawn);
  });
});
