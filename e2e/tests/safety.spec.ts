/**
 * Safety while writing: the personal-info warning with one-click redaction in
 * the Ask dialog, the reply boxes and the edit boxes; the crisis support panel after
 * posting about a crisis; and what auto-hidden posts look like to others, to their author
 * and to admins.
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import { createAnswer, createQuestion, createReport, loginAdmin, uid } from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectAccessible,
  expectToast,
  questionArticle,
  signInPage,
  test,
} from '../support/fixtures.ts';

const PHONE_MSG = 'This looks like a phone number. People who know you could recognise you.';
const EMAIL_MSG = 'This looks like an e-mail address. People who know you could recognise you.';

test.describe('personal-info guard', () => {
  test('the Ask dialog warns, redacts one item on request, and still posts', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    const editor = dialog.getByRole('textbox', { name: 'Question text' });
    await editor.click();
    const word = `Guarded${uid()}`;
    await page.keyboard.type(
      `${word}: text me on +44 7911 123456 tonight, or write to jane.doe@example.com`,
    );

    const note = dialog.getByTestId('personal-info-note');
    await expect(note.getByText(PHONE_MSG)).toBeVisible();
    await expect(note.getByText(EMAIL_MSG)).toBeVisible();
    await expectAccessible(page, 'ask dialog with a personal-info warning');

    await note.getByRole('button', { name: 'Remove “+44 7911 123456”' }).click();
    await expect(editor).toContainText('text me on [removed] tonight');
    await expect(note.getByText(PHONE_MSG)).toHaveCount(0);
    await expect(note.getByText(EMAIL_MSG)).toBeVisible();

    // A warning, never a block: the e-mail address is left, and the question posts.
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');
  });

  test('a reply box and an edit box warn and redact', async ({ page, request }) => {
    const q = await createQuestion(request, { text: `<p>Guarded replies ${uid()}</p>` });
    await page.goto(`/questions/${q.id}`);
    const form = page.getByRole('region', { name: 'Leave a Reply' });
    const box = form.getByLabel('Your reply');
    await box.fill('Write to me at jane.doe@example.com any time');
    const note = form.getByTestId('personal-info-note');
    await expect(note.getByText(EMAIL_MSG)).toBeVisible();
    await expectAccessible(page, 'reply box with a personal-info warning');
    await note.getByRole('button', { name: 'Remove “jane.doe@example.com”' }).click();
    await expect(box).toHaveValue('Write to me at [removed] any time');
    await expect(note.getByText(EMAIL_MSG)).toHaveCount(0);
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');

    const reply = answerWithText(page, 'Write to me at [removed] any time');
    await reply.getByRole('button', { name: 'Edit' }).click();
    // In edit mode the reply's text is the box: find the box on the page.
    const edit = page.getByLabel('Edit reply');
    const editing = page.getByTestId('answer').filter({ has: edit });
    await edit.fill('Find me as @janedoe_22 there');
    await expect(
      editing.getByText(
        'This looks like a social media handle or profile link. People who know you could recognise you.',
      ),
    ).toBeVisible();
    await editing.getByRole('button', { name: 'Remove “@janedoe_22”' }).click();
    await expect(edit).toHaveValue('Find me as [removed] there');
  });
});

test.describe('crisis support', () => {
  test('posting about a crisis shows a calm panel with resources; Dismiss closes it', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('textbox', { name: 'Question text' }).click();
    await page.keyboard.type(`Since he left I want to die ${uid()}`);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');

    const panel = page.getByRole('region', { name: 'Support is here if you need it' });
    await expect(panel).toBeVisible();
    await expect(panel).toBeFocused();
    // Small at first: the rest behind More help.
    await expect(panel.getByText('You deserve to be safe and supported')).toBeHidden();
    await panel.getByRole('button', { name: 'More help' }).click();
    await expect(panel.getByText('You deserve to be safe and supported')).toBeVisible();
    await expect(
      panel.getByRole('heading', { name: 'If you are thinking about hurting yourself' }),
    ).toBeVisible();
    const link = panel.getByRole('link', { name: 'Find A Helpline' });
    await expect(link).toHaveAttribute('href', 'https://findahelpline.com');
    await expect(panel.getByRole('link', { name: /^Call / }).first()).toHaveAttribute(
      'href',
      /^tel:\+?\d+$/,
    );
    await expectAccessible(page, 'crisis support panel');
    await panel.getByRole('button', { name: 'Dismiss support resources' }).click();
    await expect(panel).toHaveCount(0);
  });

  test('a reply about a crisis shows the panel too; an ordinary one does not', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request, { text: `<p>Crisis reply ${uid()}</p>` });
    await page.goto(`/questions/${q.id}`);
    const form = page.getByRole('region', { name: 'Leave a Reply' });
    await form.getByLabel('Your reply').fill('This date killed me, honestly');
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    const panel = page.getByRole('region', { name: 'Support is here if you need it' });
    await expect(panel).toHaveCount(0);

    await form.getByLabel('Your reply').fill('My boyfriend hits me when he is angry');
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    await expect(panel).toBeVisible();
    await expect(answerWithText(page, 'My boyfriend hits me when he is angry')).toBeVisible();
  });
});

test.describe('hidden while moderators review', () => {
  test('others see the notice or a placeholder; the author and admins see it marked', async ({
    page,
    request,
    browser,
  }) => {
    const word = `Hidden${uid()}`;
    const asker = strongSessionId(randomUUID);
    const q = await createQuestion(
      request,
      { text: `<p>${word} question</p>` },
      { sessionId: asker },
    );
    const q2 = await createQuestion(request, { text: `<p>${word} thread</p>` });
    const replier = strongSessionId(randomUUID);
    const reply = await createAnswer(
      request,
      q2.id,
      { text: `${word} reported reply` },
      { sessionId: replier },
    );
    await createAnswer(request, q2.id, { text: `${word} child reply`, parent_id: reply.id });
    // Three people report each (MODERATION_AUTOHIDE defaults to 3): both are hidden.
    for (let i = 0; i < 3; i++) {
      await createReport(request, { question: q.id });
      await createReport(request, { answer: reply.id });
    }

    await page.goto(`/questions/${q.id}`);
    await expect(questionArticle(page).getByTestId('question-text')).toHaveText(
      'This post is hidden while moderators review it.',
    );
    await expect(page.getByRole('button', { name: 'Like this post' })).toHaveCount(0);
    await expect(page.getByText(`${word} question`)).toHaveCount(0);

    await page.goto(`/questions/${q2.id}`);
    const placeholder = page.getByTestId('answer-hidden');
    await expect(placeholder).toHaveText('This reply is hidden while moderators review it.');
    await expect(answerWithText(page, `${word} child reply`)).toBeVisible();
    await expect(page.getByText(`${word} reported reply`)).toHaveCount(0);
    await expectAccessible(page, 'thread with a hidden reply');

    // The reply's author (its anonymous session) sees it whole, marked.
    const authorContext = await browser.newContext();
    const author = await authorContext.newPage();
    await author.addInitScript((id) => window.sessionStorage.setItem('session_id', id), replier);
    await author.goto(`/questions/${q2.id}`);
    const own = answerWithText(author, `${word} reported reply`);
    await expect(own.getByText('Hidden while moderators review it')).toBeVisible();
    await expect(own.getByText('(yours)')).toBeVisible();
    await authorContext.close();

    // An admin sees the question whole, marked.
    await signInPage(page, await loginAdmin(request));
    await page.goto(`/questions/${q.id}`);
    await expect(questionArticle(page).getByTestId('question-text')).toHaveText(`${word} question`);
    await expect(
      questionArticle(page).getByText('Hidden while moderators review it'),
    ).toBeVisible();
  });
});
