/**
 * Posts stay as written: a question's language is detected, shown as a small label when it
 * is not the page's, set as the text's `lang` with its direction from the text (Arabic reads
 * right to left), and the feed lists the page's language and English unless the address asks
 * for others or for all. Times are in the page's language (Intl, once the app has the page).
 */
import { createQuestion, uid } from '../support/api.ts';
import { BASE_URL } from '../support/env.ts';
import { expect, expectAccessible, feedCards, questionArticle, test } from '../support/fixtures.ts';
import { appReadyMarks } from '../support/hydration.ts';

const ARABIC = 'كيف أخبر شريكي أنني بحاجة إلى مزيد من الوقت لنفسي دون أن أجرحه؟';
const ENGLISH = 'How do I tell my partner that I need more time for myself without hurting them?';
const SPANISH = '¿Cómo le digo a mi pareja que necesito más tiempo para mí sin hacerle daño?';

test('an Arabic question carries its label and lang, reads right to left, and is listed when asked for', async ({
  page,
  request,
}) => {
  const tag = `lang${uid()}`;
  const arabic = await createQuestion(request, { text: `<p>${ARABIC}</p>`, tags: [tag] });
  const english = await createQuestion(request, { text: `<p>${ENGLISH}</p>`, tags: [tag] });

  // By default, the page's language (English) and questions of unknown language.
  await page.goto(`/?tag=${tag}`);
  await expect(feedCards(page)).toHaveCount(1);
  await expect(feedCards(page).first()).toContainText('without hurting them');
  await expect(feedCards(page).first().getByTestId('language-label')).toHaveCount(0);

  // The feed's control puts the choice in the address.
  await expect(page.getByLabel('Languages')).toHaveValue('');
  await page.getByLabel('Languages').selectOption('all');
  await expect(page).toHaveURL(/[?&]language=all(&|$)/);
  await expect(feedCards(page)).toHaveCount(2);

  await page.goto(`/?tag=${tag}&language=all`);
  await expect(feedCards(page)).toHaveCount(2);
  const card = feedCards(page).filter({ hasText: 'شريكي' });
  const label = card.getByTestId('language-label');
  await expect(label).toContainText('AR');
  await expect(label).toContainText('Written in Arabic');
  await expect(label.locator('[lang="ar"]')).toHaveText('AR');
  const excerpt = card.getByTestId('excerpt');
  await expect(excerpt).toHaveAttribute('lang', 'ar');
  await expect(excerpt).toHaveAttribute('dir', 'auto');
  expect(await excerpt.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  const englishCard = feedCards(page).filter({ hasText: 'without hurting them' });
  await expect(englishCard.getByTestId('language-label')).toHaveCount(0);
  await expect(englishCard.getByTestId('excerpt')).toHaveAttribute('lang', 'en');
  expect(
    await englishCard.getByTestId('excerpt').evaluate((el) => getComputedStyle(el).direction),
  ).toBe('ltr');
  await expectAccessible(page, 'feed with an Arabic question');

  await page.goto(`/?tag=${tag}&language=ar`);
  await expect(feedCards(page)).toHaveCount(1);
  await expect(feedCards(page).first()).toContainText('شريكي');

  await page.goto(`/questions/${arabic.id}`);
  const article = questionArticle(page);
  const text = article.getByTestId('question-text');
  await expect(text).toHaveAttribute('lang', 'ar');
  await expect(text).toHaveAttribute('dir', 'auto');
  expect(await text.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  await expect(article.getByTestId('language-label')).toContainText('Written in Arabic');
  await expectAccessible(page, 'Arabic question');

  await page.goto(`/questions/${english.id}`);
  await expect(questionArticle(page).getByTestId('question-text')).toHaveAttribute('lang', 'en');
  await expect(questionArticle(page).getByTestId('language-label')).toHaveCount(0);
});

test('an Arabic page lists Arabic and English questions by default, with Arabic times', async ({
  page,
  request,
}) => {
  const tag = `lang${uid()}`;
  await createQuestion(request, { text: `<p>${ARABIC}</p>`, tags: [tag] });
  await createQuestion(request, { text: `<p>${ENGLISH}</p>`, tags: [tag] });
  await createQuestion(request, { text: `<p>${SPANISH}</p>`, tags: [tag] });

  // The server's drawing: the page's language and English, and a plain day (no Intl yet).
  const drawn = await request.get(`/?tag=${tag}`, { headers: { cookie: 'lang=ar' } });
  const html = await drawn.text();
  expect(html).toContain('"language":"ar,en"');
  expect(html).toMatch(/<time datetime="[^"]+">\d{1,2}\/\d{1,2}\/\d{4}<\/time>/i);
  expect(html).not.toContain(' ago<');

  await page.context().addCookies([{ name: 'lang', value: 'ar', url: BASE_URL }]);
  await page.goto(`/?tag=${tag}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect.poll(() => appReadyMarks(page)).toBeGreaterThan(0);
  await expect(feedCards(page)).toHaveCount(2);
  await expect(feedCards(page).filter({ hasText: 'شريكي' })).toHaveCount(1);
  await expect(feedCards(page).filter({ hasText: 'without hurting them' })).toHaveCount(1);
  await expect(feedCards(page).filter({ hasText: 'pareja' })).toHaveCount(0);
  // Once the app has the page, Intl's Arabic: "الآن" (now) or "قبل 5 ثوانٍ", Latin digits.
  for (const time of await feedCards(page).locator('time').all()) {
    await expect(time).toHaveText(/^(الآن|قبل [0-9]* ?[\u0600-\u06ff ]+)$/);
  }
  // The label marks what is not in the page's language: English here, not Arabic.
  const english = feedCards(page).filter({ hasText: 'without hurting them' });
  await expect(english.getByTestId('language-label')).toContainText('EN');
  const arabic = feedCards(page).filter({ hasText: 'شريكي' });
  await expect(arabic.getByTestId('language-label')).toHaveCount(0);
  await expect(page.getByLabel('اللغات')).toHaveValue('');

  // The visitor's choice still wins.
  await page.getByLabel('اللغات').selectOption('all');
  await expect(page).toHaveURL(/[?&]language=all(&|$)/);
  await expect(feedCards(page)).toHaveCount(3);
});
