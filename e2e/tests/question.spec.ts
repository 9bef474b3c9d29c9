import { createAnswer, createQuestion, uid } from '../support/api.ts';
import {
  answerWithText,
  expect,
  expectToast,
  notifications,
  questionArticle,
  recordToasts,
  sessionIdOf,
  test,
  toast,
  withoutPageData,
} from '../support/fixtures.ts';

test.describe('question page (anonymous visitor)', () => {
  test('like, report, reply, nested replies, edit and delete own reply', async ({
    page,
    request,
  }) => {
    const q = await createQuestion(request, {
      text: `<p>Detail ${uid()}</p>`,
      tags: ['Advice'],
      gender: 'M',
      age_range: '36-45',
    });
    await page.goto(`/questions/${q.id}`);
    await expect(page.getByText('Posted by: Man, 36-45')).toBeVisible();
    await expect(page.getByText('#advice')).toBeVisible();
    await expect(page.getByText('No replies yet.')).toBeVisible();

    // Like, then a second press takes the like back (finding.spec.ts covers the states).
    await page.getByRole('button', { name: 'Like this post' }).click();
    await expectToast(page, 'Question liked!');
    await expect(page.getByText('1 like', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Like this post' }).click();
    await expectToast(page, 'Like removed.');
    await expect(page.getByText('0 likes', { exact: true })).toBeVisible();

    // Report the question.
    await questionArticle(page).getByRole('button', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: 'Report question' });
    await expect(report.getByLabel('Reason')).toHaveValue('inappropriate');
    await expect(report.getByLabel('Reason').locator('option')).toHaveText([
      'Inappropriate Content',
      'Offensive Language',
      'Harassment',
      'Spam',
      'Other',
    ]);
    await report.getByLabel('Reason').selectOption('spam');
    await report.getByLabel('Details (optional)').fill('Looks like an ad');
    await report.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Thanks, the admin will review your report.');
    await expect(report).toBeHidden();

    // An empty top-level reply is silently not sent.
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/answers/')) posted++;
    });
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await page.getByLabel('Your reply').fill('   ');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    expect(posted).toBe(0);
    await expect(notifications(page).getByTestId('toast')).toHaveCount(0, { timeout: 4000 });

    // A top-level reply.
    const form = page.getByRole('region', { name: 'Leave a Reply' });
    await form.getByLabel('Gender').selectOption('W');
    await form.getByLabel('Age group').selectOption('26-35');
    await form.getByLabel('Your reply').fill('Top level answer');
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    const top = answerWithText(page, 'Top level answer');
    await expect(top.getByText('Posted by: Woman, 26-35')).toBeVisible();
    await expect(top.getByText('(yours)')).toBeVisible();

    // A nested reply: empty first, then real.
    await top.getByRole('button', { name: 'Reply', exact: true }).click();
    await top.getByRole('button', { name: 'Submit Reply' }).click();
    await expectToast(page, 'Reply cannot be empty.');
    await top.getByLabel('Your reply').fill('Nested answer');
    await top.getByRole('button', { name: 'Submit Reply' }).click();
    await expectToast(page, 'Reply submitted.');
    const nested = answerWithText(page, 'Nested answer');
    await expect(nested).toBeVisible();
    await nested.getByRole('button', { name: 'Reply', exact: true }).click();
    await nested.getByLabel('Your reply').fill('Deeper answer');
    await nested.getByRole('button', { name: 'Submit Reply' }).click();
    await expectToast(page, 'Reply submitted.');
    const deeper = answerWithText(page, 'Deeper answer');
    await expect(deeper).toBeVisible();

    // 24 px per nesting level.
    const x = async (loc: typeof top) => (await loc.boundingBox())?.x ?? 0;
    const [x0, x1, x2] = [await x(top), await x(nested), await x(deeper)];
    expect(Math.round(x1 - x0)).toBe(24);
    expect(Math.round(x2 - x1)).toBe(24);
    const paddings = await page
      .getByTestId('reply-list')
      .evaluateAll((lists) =>
        lists.filter((l) => l.dataset.depth !== '0').map((l) => getComputedStyle(l).paddingLeft),
      );
    expect(paddings).toEqual(['24px', '24px']);

    // Like a reply, and take the like back.
    await top.getByRole('button', { name: /Like this reply/ }).click();
    await expectToast(page, 'Reply liked!');
    await expect(top.getByRole('button', { name: 'Like this reply (1 like)' })).toBeVisible();
    await top.getByRole('button', { name: /Like this reply/ }).click();
    await expectToast(page, 'Like removed.');

    // One inline edit and one reply box at a time.
    await top.getByRole('button', { name: 'Reply', exact: true }).first().click();
    await nested.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Submit Reply' })).toHaveCount(1);
    await nested.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Submit Reply' })).toHaveCount(0);
    await top.getByRole('button', { name: 'Edit' }).first().click();
    await nested.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(1);
    await page.getByLabel('Edit reply').fill('Nested answer, edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Reply updated successfully.');
    await expect(page.getByText('Nested answer, edited')).toBeVisible();

    // Edit and Cancel keeps the text.
    await deeper.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Edit reply').fill('never saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(deeper.getByText('Deeper answer')).toBeVisible();
    // The editor takes focus when it opens, and Escape cancels as well.
    await deeper.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByLabel('Edit reply')).toBeFocused();
    await page.keyboard.type(' and more');
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Edit reply')).toHaveCount(0);
    await expect(deeper.getByText('Deeper answer', { exact: true })).toBeVisible();

    // Delete with confirmation: a reply with replies becomes a placeholder.
    const edited = answerWithText(page, 'Nested answer, edited');
    await edited.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Delete this reply?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await edited.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Reply deleted.');
    const placeholder = page.getByTestId('answer-deleted');
    await expect(placeholder).toHaveText('[deleted]');
    await expect(placeholder.getByRole('button')).toHaveCount(0);
    await expect(deeper).toBeVisible();

    // Report a reply: another visitor's (nobody may report their own post).
    await createAnswer(request, q.id, { text: 'Another visitor says hi' });
    await page.reload();
    const others = answerWithText(page, 'Another visitor says hi');
    await others.getByRole('button', { name: 'Report' }).click();
    const reportAnswer = page.getByRole('dialog', { name: 'Report answer' });
    await reportAnswer.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Thanks, the admin will review your report.');

    await page.getByRole('link', { name: /Back to Home/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a reply typed while the last one is still settling is kept', async ({ page, request }) => {
    const word = `settle${uid()}`;
    const q = await createQuestion(request, { text: `<p>Settle ${word}?</p>` });
    await page.goto(`/questions/${q.id}`);
    // After a post the thread reloads, and the post is done only then: that reload is held,
    // while the new reply already shows.
    let holding = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(new RegExp(`/api/questions/${q.id}/(\\?.*)?$`), async (route) => {
      if (holding && route.request().method() === 'GET') await held;
      await route.continue();
    });
    const text = page.getByLabel('Your reply');
    await text.fill(`First ${word}`);
    holding = true;
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expect(answerWithText(page, `First ${word}`)).toBeVisible();
    await text.fill(`Second ${word}`);
    release();
    await expectToast(page, 'Reply submitted successfully!');
    // The sent text was cleared, not what was typed since.
    await expect(text).toHaveValue(`Second ${word}`);
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expect(answerWithText(page, `Second ${word}`)).toBeVisible();
    await expect(text).toHaveValue('');
  });

  test('another visitor cannot edit or delete my reply', async ({ browser, request }) => {
    const q = await createQuestion(request, { text: `<p>Two visitors ${uid()}</p>` });
    const alice = await browser.newContext();
    const bob = await browser.newContext();
    await recordToasts(alice);
    try {
      const a = await alice.newPage();
      await a.goto(`/questions/${q.id}`);
      await a.getByLabel('Your reply').fill('Alice says hi');
      await a.getByRole('button', { name: 'Post Reply' }).click();
      await expectToast(a, 'Reply submitted successfully!');
      const mine = answerWithText(a, 'Alice says hi');
      await expect(mine.getByText('(yours)')).toBeVisible();
      await expect(mine.getByRole('button', { name: 'Edit' })).toBeVisible();

      const b = await bob.newPage();
      await b.goto(`/questions/${q.id}`);
      const theirs = answerWithText(b, 'Alice says hi');
      await expect(theirs).toBeVisible();
      await expect(theirs.getByText('(yours)')).toHaveCount(0);
      await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
      await expect(theirs.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await expect(theirs.getByRole('button', { name: 'Reply', exact: true })).toBeVisible();

      // And the server refuses Bob's session even if he tries directly.
      const bobSession = await sessionIdOf(b);
      const answerId = await a.evaluate(async (id) => {
        const r = await fetch(`/api/questions/${id}/`);
        const body = (await r.json()) as { answers: { id: number }[] };
        return body.answers[0]?.id;
      }, q.id);
      const status = await b.evaluate(
        async ({ answerId: id, session }) => {
          const r = await fetch(`/api/answers/${id}/`, {
            method: 'PATCH',
            headers: { 'Content-Type': 'application/json', 'X-Session-Id': session ?? '' },
            body: JSON.stringify({ text: 'hijacked' }),
          });
          return r.status;
        },
        { answerId, session: bobSession },
      );
      expect([401, 403, 404]).toContain(status);
      await a.reload();
      await expect(a.getByText('Alice says hi')).toBeVisible();
    } finally {
      await alice.close();
      await bob.close();
    }
  });

  test('states: Loading…, Not found., Failed to load question.', async ({ page }) => {
    await withoutPageData(page);
    await page.route('**/api/questions/987654321/', async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.goto('/questions/987654321');
    await expect(page.getByText('Loading…')).toBeVisible();
    await expect(page.getByText('Not found.')).toBeVisible();
    await page.route('**/api/questions/5/', (route) => route.fulfill({ status: 500, json: {} }));
    await page.goto('/questions/5');
    await expect(page.getByText('Failed to load question.')).toBeVisible();
  });

  test('failure messages: like, reply, update, delete, report', async ({ page, request }) => {
    const q = await createQuestion(request, { text: `<p>Failures ${uid()}</p>` });
    await createAnswer(request, q.id, { text: 'Someone else' });
    await page.goto(`/questions/${q.id}`);
    await page.getByLabel('Your reply').first().fill('Mine to break');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    const mine = answerWithText(page, 'Mine to break');

    await page.route('**/api/questions/*/like/', (route) =>
      route.fulfill({ status: 500, json: {} }),
    );
    await page.getByRole('button', { name: 'Like this post' }).click();
    await expectToast(page, 'Couldn’t like the question.');

    await page.route('**/api/answers/*/like/', (route) => route.fulfill({ status: 500, json: {} }));
    await mine.getByRole('button', { name: /Like this reply/ }).click();
    await expectToast(page, "Couldn't like that.");

    await page.route('**/api/questions/*/answers/', (route) =>
      route.fulfill({ status: 400, json: { detail: 'Replies are closed.' } }),
    );
    await page
      .getByRole('region', { name: 'Leave a Reply' })
      .getByLabel('Your reply')
      .fill('won’t go');
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Failed to submit reply: Replies are closed.');
    await page.unroute('**/api/questions/*/answers/');
    await page.route('**/api/questions/*/answers/', (route) =>
      route.fulfill({
        status: 400,
        json: { session_id: ['A valid anonymous session id is required.'] },
      }),
    );
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Error: A valid anonymous session id is required.');
    await page.unroute('**/api/questions/*/answers/');
    await page.route('**/api/questions/*/answers/', (route) => route.abort());
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Failed to submit reply. Check console for details.');

    await page.route('**/api/answers/*/', (route) =>
      ['PATCH', 'DELETE'].includes(route.request().method())
        ? route.fulfill({ status: 500, json: {} })
        : route.continue(),
    );
    await mine.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Edit reply').fill('changed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Failed to update reply.');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await mine.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Failed to delete reply.');

    await page.route('**/api/reports/', (route) => route.fulfill({ status: 500, json: {} }));
    await questionArticle(page).getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report question' });
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Error submitting report.');
    await expect(dialog).toBeVisible();
  });

  test("Submit Report reads 'Reporting…' while sending", async ({ page, request }) => {
    const q = await createQuestion(request);
    // The report is held until the test has seen the button while sending (a fixed delay
    // ran out before a busy machine looked).
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/reports/', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/questions/${q.id}`);
    await questionArticle(page).getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report question' });
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(dialog.getByRole('button', { name: 'Reporting…' })).toBeDisabled();
    release();
    await expect(toast(page, 'Thanks, the admin will review your report.')).toBeVisible();
  });

  test('not-found page for unknown routes', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Not found.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('heading', { name: 'Feed', exact: true })).toBeVisible();
  });
});
