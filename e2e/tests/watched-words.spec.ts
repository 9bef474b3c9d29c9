/**
 * Watched words and the fair path back (issue 39): an admin adds and removes a watched
 * word on its screen; the author of a post it holds sees "Waiting for review" and why, and
 * the author of a post hidden by reports sees that it is hidden and the reason, on a phone
 * and on a desktop, axe clean.
 */
import { createQuestion, createReport, loginAdmin, uid } from '../support/api.ts';
import {
  expect,
  expectAccessible,
  questionArticle,
  sessionIdOf,
  signInPage,
  test,
} from '../support/fixtures.ts';

for (const [device, viewport] of [
  ['phone', { width: 375, height: 812 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test.describe(`watched words on a ${device}`, () => {
    test.use({ viewport });

    test('an admin watches a word; the post it holds waits for review, and its author is told', async ({
      page,
      request,
      browser,
    }) => {
      const word = `zwatch${uid().replace(/[^a-z]/g, 'q')}`;
      const admin = await browser.newContext({ viewport });
      const adminPage = await admin.newPage();
      await signInPage(adminPage, await loginAdmin(request));
      await adminPage.goto('/admin/reports');
      await adminPage.getByRole('link', { name: 'Watched words' }).click();
      await expect(adminPage.getByRole('heading', { name: 'Watched words' })).toBeVisible();
      await adminPage.getByLabel('Word, phrase or pattern').fill(word);
      await adminPage
        .getByLabel('What happens to a post holding it')
        .selectOption({ label: 'Hold for review' });
      await adminPage.getByRole('button', { name: 'Add', exact: true }).click();
      const rule = adminPage.getByTestId('watched-word').filter({ hasText: word });
      await expect(rule).toContainText('Hold for review');
      // The same word again is refused, next to the field.
      await adminPage.getByLabel('Word, phrase or pattern').fill(word.toUpperCase());
      await adminPage.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(adminPage.getByText('This word is already watched.')).toBeVisible();
      await expectAccessible(adminPage, `watched words (${device})`);

      // The author's tab: a question holding the word, its letters written apart.
      await page.goto('/');
      const key = await sessionIdOf(page);
      const q = await createQuestion(
        request,
        { text: `<p>Can I message ${[...word].join(' ')} first?</p>` },
        { sessionId: key },
      );
      await page.goto(`/questions/${q.id}`);
      const article = questionArticle(page);
      await expect(article.getByTestId('hidden-marker')).toHaveText('Waiting for review');
      await expect(article.getByTestId('hidden-reason')).toContainText('Waiting for review');
      await expectAccessible(page, `held question, its author (${device})`);

      await adminPage.getByRole('button', { name: `Remove “${word}”` }).click();
      await expect(rule).toHaveCount(0);
      await admin.close();
    });

    test('the author of a post hidden by reports sees why, and nobody who reported it', async ({
      page,
      request,
    }) => {
      await page.goto('/');
      const key = await sessionIdOf(page);
      const q = await createQuestion(
        request,
        { text: `<p>Is it fine to text my ex ${uid()}?</p>` },
        { sessionId: key },
      );
      for (let i = 0; i < 3; i += 1) {
        await createReport(request, { question: q.id }, { reason: 'harassment' });
      }
      await page.goto(`/questions/${q.id}`);
      const article = questionArticle(page);
      await expect(article.getByTestId('hidden-marker')).toBeVisible();
      await expect(article.getByTestId('hidden-reason')).toHaveText(
        'Hidden: people reported it as harassment. Moderators will review it; you can edit it.',
      );
      await expectAccessible(page, `hidden question, its author (${device})`);
    });
  });
}
