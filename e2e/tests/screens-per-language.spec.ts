/**
 * Every screen in each of the site's languages (issue 40), one test per screen and language
 * so that a failure names both: `<html lang>` and `dir` (right to left for Arabic), no
 * string of another language left (support/site-strings.ts: the other languages'
 * catalogues, and for Arabic any Latin word, for English and Spanish any Arabic letter;
 * posts, usernames and tags the test wrote are left out), and no serious or critical axe
 * violation. The main screens are also shot at 375 and 1280 px (test-results/) and, right to
 * left, checked for mirroring: nested replies indented from the right, the back arrow
 * pointing right, the header's brand at the right.
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  login,
  loginAdmin,
  type Tokens,
  uid,
} from '../support/api.ts';
import { ADMIN, BASE_URL } from '../support/env.ts';
import { expect, expectAccessible, sessionIdOf, signInPage, test } from '../support/fixtures.ts';
import { appReadyMarks } from '../support/hydration.ts';
import {
  foreignStrings,
  labelsOf,
  leftovers,
  SITE_LANGUAGES,
  type SiteLanguage,
  shownTexts,
  WRITTEN,
  wrongScript,
} from '../support/site-strings.ts';

const newKey = () => strongSessionId(randomUUID);

/** A tag in Latin letters, on the feed in every language. */
const LATIN_TAG = 'first date';

/**
 * What a screen's test has made: texts to leave out of the language check. What the suite's
 * other tests wrote (posts, names, notes, report details) is left out by the page's own marks
 * (support/site-strings.ts, USER_CONTENT).
 */
interface Made {
  userContent: string[];
}

interface Screen {
  name: string;
  /** Makes the data, opens the screen and waits until it is drawn. */
  open: (page: Page, lang: SiteLanguage, request: APIRequestContext) => Promise<Made>;
  /** Shot at 375 and 1280 px, and checked for mirroring in Arabic. */
  shots?: { fullPage: boolean; mirrored?: (page: Page) => Promise<void> };
}

/** A question in `lang` with a reply, a reply to it and one to that; its words and id. */
async function thread(request: APIRequestContext, lang: SiteLanguage, tokens?: Tokens) {
  const w = WRITTEN[lang];
  // A number, not letters: a post's own mark that is no word of any language.
  const mark = String(Math.floor(Math.random() * 9e8) + 1e8);
  const q = await createQuestion(
    request,
    { text: `<p>${w.question} ${mark}</p>`, tags: [w.tag], gender: 'W', age_range: '26-35' },
    tokens ? { tokens } : undefined,
  );
  const a = await createAnswer(request, q.id, { text: w.reply, gender: 'M', age_range: '36-45' });
  const b = await createAnswer(request, q.id, { text: w.nested, parent_id: a.id });
  await createAnswer(request, q.id, { text: w.deeper, parent_id: b.id });
  return { id: q.id, userContent: [mark, w.question, w.reply, w.nested, w.deeper, w.tag] };
}

/** Waits until the app has taken the server's drawing over. */
async function takenOver(page: Page) {
  await expect.poll(() => appReadyMarks(page)).toBeGreaterThan(0);
}

/**
 * Waits until a screen's lists have come: nothing busy or loading for a moment (the live
 * events' stream keeps the network busy, so 'networkidle' never comes).
 */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"], [data-testid$="skeleton"]')).toHaveCount(0);
  await page.waitForTimeout(1000);
  await expect(page.locator('[aria-busy="true"], [data-testid$="skeleton"]')).toHaveCount(0);
}

async function signedIn(page: Page, request: APIRequestContext) {
  const user = await createUser(request, 'lang');
  const tokens = await login(request, user.username, user.password);
  await signInPage(page, tokens);
  return { user, tokens };
}

async function asAdmin(page: Page, request: APIRequestContext) {
  await signInPage(page, await loginAdmin(request));
}

/** The nested reply starts inside its parent from the reading side: right in Arabic. */
async function repliesIndentFromTheStart(page: Page) {
  const rtl = (await page.locator('html').getAttribute('dir')) === 'rtl';
  const answers = page.getByTestId('answer');
  const parent = await answers.first().boundingBox();
  const nested = await answers.nth(1).boundingBox();
  if (!parent || !nested) throw new Error('no nested reply');
  if (rtl) {
    expect(
      nested.x + nested.width,
      'the nested reply ends left of its parent’s right edge',
    ).toBeLessThan(parent.x + parent.width - 10);
    expect(nested.x, 'and reaches as far left').toBeCloseTo(parent.x, 0);
  } else {
    expect(nested.x, 'the nested reply starts right of its parent’s left edge').toBeGreaterThan(
      parent.x + 10,
    );
  }
  // The thread line is drawn on the side the replies are indented from (a background of
  // the nested list).
  const line = await page
    .getByTestId('reply-list')
    .nth(1)
    .evaluate((el) => getComputedStyle(el).backgroundPositionX);
  expect(line, 'the thread line sits on the reading side').toBe(rtl ? 'calc(100% - 8px)' : '8px');
}

/**
 * The feed in its direction: the header's brand starts the row (at the right in Arabic), and
 * a tag in Latin letters keeps its hash in front of its words on any page.
 */
async function feedMirrored(page: Page) {
  await brandAtTheStart(page);
  const tag = page.locator('a[href*="tag="]').filter({ hasText: LATIN_TAG }).first();
  // The hash and the tag's words are two text nodes: where each one's first letter is drawn.
  const [hash, word] = await tag.evaluate((link) => {
    const texts: Node[] = [];
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node);
    const x = (text: Node | undefined) => {
      if (!text) return Number.NaN;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      return range.getBoundingClientRect().x;
    };
    return [x(texts[0]), x(texts[texts.length - 1])];
  });
  expect(hash, `'#${LATIN_TAG}' reads from the left, its hash first`).toBeLessThan(word ?? 0);
}

/** The header's brand starts the row: at the right in Arabic. */
async function brandAtTheStart(page: Page) {
  const rtl = (await page.locator('html').getAttribute('dir')) === 'rtl';
  const width = page.viewportSize()?.width ?? 1280;
  const brand = await page.locator('header a').first().boundingBox();
  if (!brand) throw new Error('no brand');
  const middle = brand.x + brand.width / 2;
  if (rtl) expect(middle).toBeGreaterThan(width / 2);
  else expect(middle).toBeLessThan(width / 2);
}

const SCREENS: Screen[] = [
  {
    name: 'feed',
    open: async (page, lang, request) => {
      const made = await thread(request, lang);
      // An English question with a tag in Latin letters: the feed lists English beside the
      // page's language.
      const en = await thread(request, 'en');
      await page.goto('/');
      await expect(page.getByTestId('question-list').getByRole('article').first()).toBeVisible();
      return { userContent: [...made.userContent, ...en.userContent] };
    },
    shots: { fullPage: false, mirrored: feedMirrored },
  },
  {
    name: 'search results',
    open: async (page, lang, request) => {
      const made = await thread(request, lang);
      // Filtered by the post's language: the feed's default on main lists English (and posts of
      // no known language) only.
      await page.goto(`/?q=${made.userContent[0]}${lang === 'ar' ? '&language=ar' : ''}`);
      await expect(page.getByTestId('question-list').getByRole('article')).toHaveCount(1);
      return made;
    },
  },
  {
    name: 'search results, none found',
    open: async (page, lang) => {
      const t = await labelsOf(lang);
      await page.goto(`/?q=nothing${uid()}`);
      // The empty results offer to ask the question instead.
      await expect(page.getByRole('button', { name: t('postYourQuestion') })).toBeVisible();
      return { userContent: ['nothing'] };
    },
  },
  {
    name: 'question with nested replies',
    open: async (page, lang, request) => {
      const made = await thread(request, lang);
      await page.goto(`/questions/${made.id}`);
      await expect(page.getByTestId('answer')).toHaveCount(3);
      return made;
    },
    shots: {
      fullPage: true,
      mirrored: async (page) => {
        await repliesIndentFromTheStart(page);
        // The way back points to the start of the line: '←' in English, '→' in Arabic.
        const back = page.locator('main a[href="/"]').first();
        const rtl = (await page.locator('html').getAttribute('dir')) === 'rtl';
        const arrow = await back.evaluate((a) => {
          const mark = a.querySelector('[data-testid="back-arrow"]');
          if (!mark) return 'no arrow';
          return getComputedStyle(mark).transform;
        });
        expect(arrow, 'the back arrow is mirrored in Arabic only').toBe(
          rtl ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none',
        );
      },
    },
  },
  {
    name: 'ask dialog',
    open: async (page, lang) => {
      const t = await labelsOf(lang);
      await page.goto('/');
      await takenOver(page);
      // Its name is its two parts, 'Ask' and ' a Question' (the second hidden on phones).
      const name = `${t('ask')}${t('askRest')}`.trim();
      await page.locator('header').getByRole('button', { name, exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      return { userContent: [] };
    },
    shots: { fullPage: false },
  },
  {
    name: 'keep access offer, after an anonymous reply',
    open: async (page, lang, request) => {
      const t = await labelsOf(lang);
      const made = await thread(request, lang);
      await page.goto(`/questions/${made.id}`);
      await takenOver(page);
      const mine = `${WRITTEN[lang].reply} ${made.userContent[0]}`;
      await page.getByLabel(t('replyText'), { exact: true }).fill(mine);
      await page.getByRole('button', { name: t('postReply'), exact: true }).click();
      await expect(
        page.getByRole('complementary').filter({ has: page.getByRole('switch') }),
      ).toBeVisible();
      // Once the toast is gone.
      await page.waitForTimeout(3200);
      return { userContent: [...made.userContent, mine] };
    },
  },
  {
    name: 'use my private key (from a private link)',
    open: async (page) => {
      await page.goto(`/#key=${newKey()}`);
      await expect(page.getByRole('dialog')).toBeVisible();
      return { userContent: [] };
    },
  },
  {
    name: 'login',
    open: async (page) => {
      await page.goto('/login');
      await expect(page.locator('main input').first()).toBeVisible();
      return { userContent: [] };
    },
  },
  {
    name: 'register',
    open: async (page) => {
      await page.goto('/register');
      await expect(page.locator('main input').first()).toBeVisible();
      return { userContent: [] };
    },
  },
  {
    name: 'my content, signed out, no posts',
    open: async (page) => {
      await page.goto('/my/content');
      await takenOver(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      return { userContent: [] };
    },
  },
  {
    name: 'my content, signed out, with the key’s posts',
    open: async (page, lang, request) => {
      await page.goto('/my/content');
      const key = await sessionIdOf(page);
      const made = await thread(request, lang);
      await createAnswer(request, made.id, { text: WRITTEN[lang].deeper }, { sessionId: key });
      await page.reload();
      await expect(page.getByTestId('anonymous-posts').getByRole('listitem')).toHaveCount(1);
      return made;
    },
  },
  {
    name: 'my content, signed in (my data, delete account)',
    open: async (page, lang, request) => {
      const { user, tokens } = await signedIn(page, request);
      const made = await thread(request, lang, tokens);
      await page.goto('/my/content');
      await expect(
        page.locator('main li').filter({ hasText: made.userContent[0] }).first(),
      ).toBeVisible();
      return { userContent: [...made.userContent, user.username, user.email] };
    },
  },
  {
    name: 'my question (owner view)',
    open: async (page, lang, request) => {
      const { user, tokens } = await signedIn(page, request);
      const made = await thread(request, lang, tokens);
      await page.goto(`/my/questions/${made.id}`);
      await expect(page.getByTestId('answer')).toHaveCount(3);
      return { userContent: [...made.userContent, user.username] };
    },
  },
  {
    name: 'notifications',
    open: async (page, _lang, request) => {
      const { user } = await signedIn(page, request);
      await page.goto('/notifications');
      await takenOver(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      return { userContent: [user.username] };
    },
  },
  ...(['/about', '/privacy', '/rules'] as const).map(
    (path): Screen => ({
      name: `site page ${path}${path === '/about' ? ' (how anonymity works)' : ''}`,
      open: async (page) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        return { userContent: [] };
      },
    }),
  ),
  ...(['reports', 'posts', 'activity', 'silences', 'moderators'] as const).map(
    (tab): Screen => ({
      name: `admin: ${tab}`,
      open: async (page, lang, request) => {
        const made = await thread(request, lang);
        const reply = await createAnswer(request, made.id, { text: WRITTEN[lang].reply });
        // People's words in Latin letters that this test does not list as its own: the page
        // must mark them (a report's details, a moderator's name, a silence's reason), as it
        // marks what the suite's other tests wrote, so that on an Arabic page only the site's
        // words are held to the script check.
        await createReport(
          request,
          { question: made.id },
          { reason: 'spam', details: 'Links to a scam site' },
        );
        await createReport(request, { answer: reply.id }, { reason: 'harassment' });
        const admin = await loginAdmin(request);
        const bearer = { Authorization: `Bearer ${admin.access}` };
        const moderator = await createUser(request, 'mod');
        const appointed = await request.post('/api/moderation/moderators/', {
          headers: bearer,
          data: { username: moderator.username },
        });
        expect(appointed.status()).toBe(200);
        // A silence, in the log and the silences' list: what it was made from is the site's
        // words, its reason the moderator's.
        const silenced = await request.post('/api/moderation/silences/', {
          headers: bearer,
          data: { answer: reply.id, days: 7, reason: 'Posting spam links again' },
        });
        expect(silenced.status()).toBe(201);
        await signInPage(page, admin);
        await page.goto(tab === 'reports' ? '/admin/reports' : `/admin/reports?tab=${tab}`);
        await takenOver(page);
        await expect(page.getByRole('tab', { selected: true })).toBeVisible();
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await settled(page);
        return { userContent: [...made.userContent, ADMIN.username] };
      },
    }),
  ),
  {
    name: 'admin: watched words',
    open: async (page, _lang, request) => {
      await asAdmin(page, request);
      await page.goto('/admin/watched-words');
      await takenOver(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      return { userContent: [ADMIN.username] };
    },
  },
  {
    name: 'not found',
    open: async (page) => {
      await page.goto('/nowhere');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      return { userContent: [] };
    },
  },
  {
    name: 'question not found',
    open: async (page) => {
      await page.goto('/questions/2147483000');
      await takenOver(page);
      await expect(page.locator('main a[href="/"]')).toBeVisible();
      return { userContent: [] };
    },
  },
];

async function chooseLanguage(context: BrowserContext, lang: SiteLanguage) {
  await context.addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
}

/** The checks of a screen as it is now; the strings' ones soft, so that axe runs too. */
async function checkScreen(page: Page, lang: SiteLanguage, label: string, made: Made) {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', lang);
  if (lang === 'ar') await expect(html).toHaveAttribute('dir', 'rtl');
  else expect(await html.getAttribute('dir')).not.toBe('rtl');
  await takenOver(page);
  const shown = await shownTexts(page, made.userContent);
  for (const other of SITE_LANGUAGES.filter((l) => l !== lang)) {
    expect
      .soft(leftovers(shown, await foreignStrings(other, lang)), `${label}: ${other} strings`)
      .toEqual([]);
  }
  expect.soft(wrongScript(shown, lang), `${label}: text in another script`).toEqual([]);
  await expectAccessible(page, label);
}

test.describe('every screen in each language', () => {
  // Each test makes its own data, so the screens run on both workers. A screen's two
  // widths' shots and axe runs on a shared 2-core machine may take more than a minute.
  test.describe.configure({ mode: 'parallel', timeout: 90_000 });

  for (const screen of SCREENS) {
    for (const lang of SITE_LANGUAGES) {
      test(`${screen.name} (${lang})`, async ({ page, context, request }) => {
        await chooseLanguage(context, lang);
        const made = await screen.open(page, lang, request);
        if (!screen.shots) {
          await checkScreen(page, lang, `${screen.name} (${lang})`, made);
          return;
        }
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
          await page.waitForTimeout(100);
          const label = `${screen.name} (${lang}, ${width}px)`;
          await checkScreen(page, lang, label, made);
          await screen.shots.mirrored?.(page);
          await page.screenshot({
            path: test
              .info()
              .outputPath(`${screen.name.replace(/\W+/g, '-')}-${lang}-${width}.png`),
            fullPage: screen.shots.fullPage,
          });
        }
      });
    }
  }
});
