/**
 * How the main screens look in each language at 375 and 1280 px (issue 40): a thread with
 * nested replies, the feed and the Ask dialog, compared with baselines committed beside this
 * file (screens-look.spec.ts-snapshots/, drawn by this machine's Chromium), and axe clean.
 * screens-per-language.spec.ts checks the same screens' words and mirroring by their boxes;
 * this one notices what boxes do not say (a colour, a margin, an icon on the wrong side).
 *
 * The shots hold only what the test wrote, in fixed words, while the database holds the whole
 * suite's content: the thread is the test's own question, the feed is filtered by a tag
 * nobody else uses (masked, since its digits differ each run) and the browser's clock is
 * stopped two hours after the question was asked, so every time reads "2 hours ago".
 * Baselines: `npx playwright test tests/screens-look.spec.ts --update-snapshots`.
 */
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createAnswer, createQuestion } from '../support/api.ts';
import { BASE_URL } from '../support/env.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { appReadyMarks } from '../support/hydration.ts';
import { labelsOf, SITE_LANGUAGES, type SiteLanguage, WRITTEN } from '../support/site-strings.ts';

/**
 * Small enough for anti-aliasing's noise, well below what a mirrored screen changes: the
 * Arabic thread and feed drawn with `dir="ltr"` differed from their baselines in 5% and 8% of
 * their pixels at 375 px.
 */
const SHOT = {
  animations: 'disabled',
  caret: 'hide',
  maxDiffPixelRatio: 0.01,
} as const;

/** The browser's clock this long after the question: every post reads "2 hours ago". */
const LATER = 2 * 60 * 60 * 1000;

/**
 * A question in `lang` with a reply, a reply to it and one to that. Its second tag is the
 * test's own, 'look' and eight digits: the digits all draw as wide, so the masked tag takes
 * the same room every run (and eight digits are no phone number to the tag check).
 */
async function thread(request: APIRequestContext, lang: SiteLanguage) {
  const w = WRITTEN[lang];
  const own = `look ${randomInt(10_000_000, 100_000_000)}`;
  const q = await createQuestion(request, {
    text: `<p>${w.question}</p>`,
    tags: [w.tag, own],
    gender: 'W',
    age_range: '26-35',
  });
  const a = await createAnswer(request, q.id, { text: w.reply, gender: 'M', age_range: '36-45' });
  const b = await createAnswer(request, q.id, { text: w.nested, parent_id: a.id });
  await createAnswer(request, q.id, { text: w.deeper, parent_id: b.id });
  const asked = (await (await request.get(`/api/questions/${q.id}/`)).json()) as {
    created_at: string;
  };
  return { id: q.id, own, asked: Date.parse(asked.created_at) };
}

/** The page's language, and its clock stopped `LATER` after `asked`. */
async function prepare(page: Page, lang: SiteLanguage, asked?: number) {
  await page.context().addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
  if (asked !== undefined) await page.clock.setFixedTime(asked + LATER);
}

/**
 * The app has taken the page over: by its mark, or with the clock stopped (Playwright's clock
 * fakes `performance`, whose marks then read empty) once every time reads "2 hours ago" in the
 * page's language, which only the browser writes (lib/labels.ts); and the fonts are in.
 */
async function drawn(page: Page, { clockStopped }: { clockStopped: boolean }) {
  if (clockStopped) {
    const times = page.locator('main time');
    // The app's Intl locale (lib/labels.ts, intlLocale), in the page's own ICU.
    const later = await page.evaluate(() => {
      const lang = document.documentElement.lang;
      const locale = lang === 'ar' ? 'ar-u-nu-latn' : lang;
      return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-2, 'hour');
    });
    await expect(times.first()).toBeVisible();
    await expect
      .poll(async () => (await times.allInnerTexts()).every((text) => text === later))
      .toBe(true);
  } else {
    await expect.poll(() => appReadyMarks(page)).toBeGreaterThan(0);
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

interface Screen {
  name: string;
  /** Makes the data, opens the screen until the app has it; what to shoot and what to mask. */
  open: (
    page: Page,
    lang: SiteLanguage,
    request: APIRequestContext,
  ) => Promise<{ shot: Locator; mask?: Locator[] }>;
}

const SCREENS: Screen[] = [
  {
    name: 'thread',
    open: async (page, lang, request) => {
      const made = await thread(request, lang);
      await prepare(page, lang, made.asked);
      await page.goto(`/questions/${made.id}`);
      await expect(page.getByTestId('answer')).toHaveCount(3);
      await drawn(page, { clockStopped: true });
      return {
        shot: page.locator('main'),
        mask: [page.locator('main a[href*="tag="]').filter({ hasText: made.own })],
      };
    },
  },
  {
    name: 'feed',
    open: async (page, lang, request) => {
      const made = await thread(request, lang);
      await prepare(page, lang, made.asked);
      await page.goto(`/?tag=${encodeURIComponent(made.own)}&language=all`);
      await expect(page.getByTestId('question-list').getByRole('article')).toHaveCount(1);
      await drawn(page, { clockStopped: true });
      return {
        shot: page.locator('main'),
        mask: [
          page.locator('main a[href*="tag="]').filter({ hasText: made.own }),
          page.getByRole('combobox', { name: (await labelsOf(lang))('tagFilter'), exact: true }),
        ],
      };
    },
  },
  {
    name: 'ask dialog',
    open: async (page, lang) => {
      const t = await labelsOf(lang);
      await prepare(page, lang);
      // Over a page of fixed words: the dialog's rounded corners let what is under it show.
      await page.goto('/about');
      await drawn(page, { clockStopped: false });
      // Its name is its two parts, 'Ask' and ' a Question' (the second hidden on phones).
      const name = `${t('ask')}${t('askRest')}`.trim();
      await page.locator('header').getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog');
      // The editor comes in a chunk of its own.
      await expect(dialog.getByRole('textbox').first()).toBeVisible();
      return { shot: dialog };
    },
  },
];

test.describe('the main screens look as they did, in each language', () => {
  // Each test makes its own data, so they run on both workers.
  test.describe.configure({ mode: 'parallel', timeout: 90_000 });

  for (const screen of SCREENS) {
    for (const lang of SITE_LANGUAGES) {
      test(`${screen.name} (${lang})`, async ({ page, request }) => {
        const { shot, mask } = await screen.open(page, lang, request);
        const html = page.locator('html');
        await expect(html).toHaveAttribute('lang', lang);
        if (lang === 'ar') await expect(html).toHaveAttribute('dir', 'rtl');
        else expect(await html.getAttribute('dir')).not.toBe('rtl');
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
          await expect(shot).toHaveScreenshot(
            `${screen.name.replace(/\W+/g, '-')}-${lang}-${width}.png`,
            {
              ...SHOT,
              ...(mask ? { mask } : {}),
            },
          );
          await expectAccessible(page, `${screen.name} (${lang}, ${width}px)`);
        }
      });
    }
  }
});
