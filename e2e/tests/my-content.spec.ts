import { createAnswer, createQuestion, createUser, login, uid } from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectToast,
  notifications,
  questionArticle,
  signInPage,
  test,
} from '../support/fixtures.ts';
import { everyWay } from '../support/screens.ts';

test.describe('My Content and the owner view', () => {
  test('anonymous: Please log in to view your content.', async ({ page }) => {
    await page.goto('/my/content');
    await expect(page.getByRole('heading', { name: 'Manage My Content' })).toBeVisible();
    await expect(page.getByText('Please log in to view your content.')).toBeVisible();
    await page.getByRole('link', { name: 'Login' }).last().click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('lists, owner view edit/reply/delete, and their messages', async ({ page, request }) => {
    const user = await createUser(request, 'owner');
    const tokens = await login(request, user.username, user.password);
    await signInPage(page, tokens);
    await page.goto('/my/content');
    await expect(page.getByText('No questions yet.')).toBeVisible();
    await expect(page.getByText('No replies yet.')).toBeVisible();

    const word = `Owned${uid()}`;
    const q = await createQuestion(
      request,
      {
        text: `<p>${word} <strong>question</strong></p><ul><li>first point</li></ul>`,
        gender: 'W',
        age_range: '26-35',
      },
      { tokens },
    );
    const other = await createQuestion(request, { text: `<p>Someone else's ${word}</p>` });
    await createAnswer(request, other.id, { text: `My reply ${word}` }, { tokens });
    const theirs = await createAnswer(request, q.id, { text: 'A visitor answered' });
    await page.reload();
    const questions = page.getByRole('region', { name: 'My Questions' });
    const replies = page.getByRole('region', { name: 'My Replies' });
    await expect(questions.getByRole('link', { name: `${word} question` })).toBeVisible();
    await expect(questions.getByText('Posted by: Woman, 26-35')).toBeVisible();
    await expect(questions.getByText('0 likes')).toBeVisible();
    await expect(replies.getByRole('link', { name: `Someone else's ${word}` })).toHaveAttribute(
      'href',
      `/questions/${other.id}`,
    );
    await expect(replies.getByText(`My reply ${word}`)).toBeVisible();

    // The owner view.
    await questions.getByRole('link', { name: `${word} question` }).click();
    await expect(page).toHaveURL(new RegExp(`/my/questions/${q.id}$`));
    await expect(page.getByRole('link', { name: /Back to My Content/ })).toBeVisible();
    await page.getByRole('button', { name: 'Like this post' }).click();
    await expectToast(page, 'Question liked!');

    // Edit, in the rich editor: the question keeps its formatting.
    const question = questionArticle(page);
    await question.getByRole('button', { name: 'Edit' }).click();
    const box = question.getByRole('textbox', { name: 'Edit question' });
    await expect(box).toBeFocused();
    await expect(box.locator('strong')).toHaveText('question');
    await expect(box.getByRole('listitem')).toHaveText(['first point']);
    await box.fill('   ');
    await question.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Question text cannot be empty.');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Edit' }).click();
    await box.getByRole('listitem').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and more');
    await question.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Question updated successfully.');
    const text = question.getByTestId('question-text');
    await expect(text.locator('strong')).toHaveText('question');
    await expect(text.getByRole('listitem')).toHaveText(['first point and more']);

    await page.route(`**/api/questions/${q.id}/`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, json: {} })
        : route.continue(),
    );
    await question.getByRole('button', { name: 'Edit' }).click();
    await box.fill('will fail');
    await question.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Failed to update question.');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await page.unrouteAll();
    await page.route(`**/api/questions/${q.id}/`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: {} })
        : route.continue(),
    );
    await question.getByRole('button', { name: 'Edit' }).click();
    await expectToast(page, 'Could not prepare question for editing.');
    await page.unrouteAll();

    // A nested reply on the owner page, signed in; an empty one is silently ignored.
    const visitor = answerWithText(page, 'A visitor answered');
    await visitor.getByRole('button', { name: 'Reply', exact: true }).click();
    await visitor.getByRole('button', { name: 'Submit Reply' }).click();
    await expect(notifications(page).getByTestId('toast')).toHaveCount(0, { timeout: 4000 });
    await visitor.getByLabel('Your reply').fill('Thanks!');
    await visitor.getByRole('button', { name: 'Submit Reply' }).click();
    await expectToast(page, 'Reply submitted.');
    await expect(answerWithText(page, 'Thanks!').getByText('(yours)')).toBeVisible();
    expect(theirs.id).toBeGreaterThan(0);

    // Delete fails, then works and goes home.
    await page.route(`**/api/questions/${q.id}/`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: {} })
        : route.continue(),
    );
    await questionArticle(page).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog').getByText('Delete this question?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Failed to delete question.');
    await page.unrouteAll();
    await questionArticle(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Question deleted.');
    await expect(page).toHaveURL(/\/$/);
  });

  test('delete from My Content; logged-out and unauthorized messages', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'lister');
    const tokens = await login(request, user.username, user.password);
    const word = `Listed${uid()}`;
    await createQuestion(request, { text: `<p>${word} one</p>` }, { tokens });
    await createQuestion(request, { text: `<p>${word} two</p>` }, { tokens });
    await signInPage(page, tokens);
    await page.goto('/my/content');
    const myQuestions = page.getByRole('region', { name: 'My Questions' }).getByRole('listitem');
    const one = myQuestions.filter({ hasText: `${word} one` });
    await one.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Question deleted.');
    await expect(one).toHaveCount(0);

    // Tokens gone behind the page's back.
    await page.evaluate(() => {
      localStorage.removeItem('access_token');
      localStorage.removeItem('refresh_token');
    });
    const two = myQuestions.filter({ hasText: `${word} two` });
    await two.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Please log in to delete your content.');
  });

  test('load failures on My Content', async ({ page, request }) => {
    const user = await createUser(request, 'fails');
    const tokens = await login(request, user.username, user.password);
    await signInPage(page, tokens);
    await page.route('**/api/my/answers/', (route) =>
      route.fulfill({
        status: 403,
        json: { detail: 'You do not have permission to perform this action.' },
      }),
    );
    await page.route('**/api/questions/?*', (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto('/my/content');
    await expect(
      page.getByText('Session expired or not authorized. Please log in again.'),
    ).toBeVisible();
    await expect(page.getByText('Failed to load your content.')).toBeVisible();
  });

  test('owner page: an anonymous nested reply asks to sign in', async ({ page, request }) => {
    const q = await createQuestion(request);
    await createAnswer(request, q.id, { text: 'Needs a sign-in' });
    await page.goto(`/my/questions/${q.id}`);
    const answer = answerWithText(page, 'Needs a sign-in');
    await answer.getByRole('button', { name: 'Reply', exact: true }).click();
    await answer.getByLabel('Your reply').fill('hello');
    await answer.getByRole('button', { name: 'Submit Reply' }).click();
    await expectToast(page, 'Please sign in to reply.');
  });

  test('owner page: an empty nested reply is silently ignored, signed in or not', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request);
    await createAnswer(request, q.id, { text: 'Ignore the blank' });
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/answers/')) posted++;
    });
    await page.goto(`/my/questions/${q.id}`);
    const answer = answerWithText(page, 'Ignore the blank');
    await answer.getByRole('button', { name: 'Reply', exact: true }).click();
    await answer.getByLabel('Your reply').fill('   ');
    await answer.getByRole('button', { name: 'Submit Reply' }).click();
    await expect(notifications(page).getByTestId('toast')).toHaveCount(0, { timeout: 4000 });
    expect(posted).toBe(0);
  });

  test('owner page: the anonymous key that asked may edit and delete the question', async ({
    page,
  }) => {
    // Asked anonymously in this tab, so the page knows the question as its own...
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    const text = `Anonymous owner ${uid()}`;
    await dialog.getByRole('textbox', { name: 'Question text' }).fill(text);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');
    await page
      .getByRole('article')
      .filter({ hasText: text })
      .getByRole('link', { name: 'View question and replies' })
      .click();
    const question = page.getByRole('article', { name: 'Question' });
    await expect(question.getByText(text)).toBeVisible();
    await expect(question.getByText('(yours)')).toBeVisible();
    // ...and the key keeps its promise: Edit and Delete, here and on the owner view.
    await expect(question.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(question.getByRole('button', { name: 'Delete' })).toBeVisible();
    await page.goto(page.url().replace('/questions/', '/my/questions/'));
    await expect(page.getByRole('link', { name: /Back to My Content/ })).toBeVisible();
    await expect(question.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(question.getByRole('button', { name: 'Delete' })).toBeVisible();
  });
  test('the questions followed: a key that only follows sees them, and so does an account', async ({
    page,
    request,
  }) => {
    const word = `Follows${uid()}`;
    const question = await createQuestion(request, {
      text: `<p>${word} <strong>followed</strong> question</p>`,
    });
    await page.goto(`/questions/${question.id}`);
    await questionArticle(page).getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(questionArticle(page).getByRole('button', { name: 'Following' })).toBeVisible();

    // This tab's key has posted nothing: My Content still has what it follows.
    await page.goto('/my/content');
    await expect(page.getByText('No posts with this key yet.')).toBeVisible();
    const following = page.getByRole('region', { name: 'Questions you follow' });
    const link = following.getByRole('link', { name: `${word} followed question` });
    await expect(link).toHaveAttribute('href', `/questions/${question.id}`);
    await expect(following.getByText(/^Followed /)).toBeVisible();
    await everyWay(page, 'my-content-following', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/questions/${question.id}$`));

    // Unfollowed, it goes.
    await questionArticle(page).getByRole('button', { name: 'Following' }).click();
    await expect(
      questionArticle(page).getByRole('button', { name: 'Follow', exact: true }),
    ).toHaveAttribute('aria-pressed', 'false');
    await page.goto('/my/content');
    await expect(
      following.getByText('Nothing followed yet. Follow a question to hear of its new replies.'),
    ).toBeVisible();

    // An account follows what it asks.
    const user = await createUser(request, 'follower');
    const tokens = await login(request, user.username, user.password);
    const mine = await createQuestion(request, { text: `<p>${word} asked</p>` }, { tokens });
    await signInPage(page, tokens);
    await page.goto('/my/content');
    await expect(following.getByRole('link', { name: `${word} asked` })).toHaveAttribute(
      'href',
      `/questions/${mine.id}`,
    );
  });
});
