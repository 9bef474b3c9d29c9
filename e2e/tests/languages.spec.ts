/**
 * Posts stay as written: a question's language is detected, shown as a small label when it
 * is not the page's (English), set as the text's `lang` with its direction from the text
 * (Arabic reads right to left), and the feed lists the page's language and English unless
 * the address asks for others or for all.
 */
import { createQuestion, uid } from '../support/api.ts';
import { expect, expectAccessible, feedCards, questionArticle, test } from '../support/fixtures.ts';

const ARABIC = 'كيف أخبر شريكي أنني بحاجة إلى مزيد من الوقت لنفسي دون أن أجرحه؟';
const ENGLISH = 'How do I tell my partner that I need more time for myself without hurting them?';

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
