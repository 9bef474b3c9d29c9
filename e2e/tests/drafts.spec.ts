/** Writing is never lost: drafts per tab, the discard prompt, and posting clears them. */
import type { Page } from '@playwright/test';
import { createAnswer, createQuestion, uid } from '../support/api.ts';
import { answerWithText, expect, expectToast, feedCards, test } from '../support/fixtures.ts';

const askDialog = (page: Page) => page.getByRole('dialog', { name: 'Ask a Question' });
const prompt = (page: Page) => page.getByRole('alertdialog');

async function openAsk(page: Page) {
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  const editor = askDialog(page).getByRole('textbox', { name: 'Question text' });
  await expect(editor).toBeVisible();
  return editor;
}

test.describe('drafts', () => {
  test('the Ask dialog keeps its draft in this tab: reload, reopen, then posting clears it', async ({
    page,
  }) => {
    const text = `Draft that survives ${uid()}`;
    await page.goto('/');
    const editor = await openAsk(page);
    await editor.fill(text);
    const dialog = askDialog(page);
    await dialog.getByLabel('Gender').selectOption('W');
    await dialog.getByLabel('Tags', { exact: true }).fill('patience');
    await dialog.getByLabel('Tags', { exact: true }).press('Enter');
    // The draft follows the values in an effect, after the paint.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('draft:ask') ?? 'null')))
      .toMatchObject({ gender: 'W', tags: ['patience'] });

    await page.reload();
    await openAsk(page);
    await expect(dialog.getByRole('textbox', { name: 'Question text' })).toHaveText(text);
    await expect(dialog.getByLabel('Gender')).toHaveValue('W');
    await expect(
      dialog.getByRole('list', { name: 'Selected tags' }).getByRole('listitem'),
    ).toHaveText(['#patience×']);

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');
    await expect(feedCards(page).filter({ hasText: text })).toHaveCount(1);
    expect(await page.evaluate(() => sessionStorage.getItem('draft:ask'))).toBeNull();
    await openAsk(page);
    await expect(dialog.getByRole('textbox', { name: 'Question text' })).toHaveText('');
  });

  test("closing a dialog that holds text asks 'Discard this draft?': Cancel, ×, Escape, backdrop", async ({
    page,
  }) => {
    await page.goto('/');
    const editor = await openAsk(page);
    const dialog = askDialog(page);
    const text = `Keep me ${uid()}`;
    await editor.fill(text);

    const closers: [string, () => Promise<void>][] = [
      ['Cancel', () => dialog.getByRole('button', { name: 'Cancel' }).click()],
      ['×', () => dialog.getByRole('button', { name: 'Close' }).click()],
      ['Escape', () => page.keyboard.press('Escape')],
      ['backdrop', () => page.mouse.click(4, 4)],
    ];
    for (const [, close] of closers) {
      await close();
      await expect(prompt(page).getByText('Discard this draft?')).toBeVisible();
      await prompt(page).getByRole('button', { name: 'Keep editing' }).click();
      await expect(prompt(page)).toBeHidden();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Question text' })).toHaveText(text);
    }

    // Discarding closes the dialog and forgets the draft.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await prompt(page).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('draft:ask'))).toBeNull();
    await openAsk(page);
    await expect(dialog.getByRole('textbox', { name: 'Question text' })).toHaveText('');
    // Nothing written: it closes at once.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(prompt(page)).toHaveCount(0);
  });

  test('the report dialog asks before dropping written details', async ({ page, request }) => {
    const q = await createQuestion(request);
    await page.goto(`/questions/${q.id}`);
    await page
      .getByRole('article', { name: 'Question' })
      .getByRole('button', { name: 'Report' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Report question' });
    await dialog.getByLabel('Details (optional)').fill('It is an advert');
    await page.keyboard.press('Escape');
    await prompt(page).getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByLabel('Details (optional)')).toHaveValue('It is an advert');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await prompt(page).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
  });

  test('reply boxes keep a draft each, by question and parent, until posted', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request, { text: `<p>Drafted replies ${uid()}</p>` });
    await createAnswer(request, q.id, { text: 'First answer' });
    await createAnswer(request, q.id, { text: 'Second answer' });
    await page.goto(`/questions/${q.id}`);

    const top = page.getByRole('region', { name: 'Leave a Reply' });
    await top.getByLabel('Age group').selectOption('36-45');
    await top.getByLabel('Your reply').fill('A top-level thought');
    const first = answerWithText(page, 'First answer');
    const second = answerWithText(page, 'Second answer');
    await first.getByRole('button', { name: 'Reply', exact: true }).click();
    await first.getByLabel('Your reply').fill('To the first');
    // Closing the box keeps its text; another box has its own.
    await first.getByRole('button', { name: 'Reply', exact: true }).click();
    await second.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(second.getByLabel('Your reply')).toHaveValue('');
    await second.getByLabel('Your reply').fill('To the second');

    await page.reload();
    await expect(top.getByLabel('Your reply')).toHaveValue('A top-level thought');
    await expect(top.getByLabel('Age group')).toHaveValue('36-45');
    await first.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(first.getByLabel('Your reply')).toHaveValue('To the first');
    await second.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(second.getByLabel('Your reply')).toHaveValue('To the second');

    // Posting clears that box's draft only.
    await second.getByRole('button', { name: 'Submit Reply' }).click();
    await expectToast(page, 'Reply submitted.');
    await expect(answerWithText(page, 'To the second')).toBeVisible();
    await top.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    await expect(top.getByLabel('Your reply')).toHaveValue('');
    await page.reload();
    await expect(top.getByLabel('Your reply')).toHaveValue('');
    await first.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(first.getByLabel('Your reply')).toHaveValue('To the first');
    await second.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(second.getByLabel('Your reply')).toHaveValue('');
  });
});
