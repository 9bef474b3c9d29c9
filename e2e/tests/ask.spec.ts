import { uid } from '../support/api.ts';
import {
  expect,
  expectToast,
  feedCards,
  notifications,
  tagFilter,
  tagOption,
  test,
} from '../support/fixtures.ts';

test.describe('Ask a Question dialog', () => {
  test('editor toolbar, Edit/Preview, labels, tags, and posting', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await expect(dialog).toBeVisible();

    // Exactly the toolbar of the specification.
    const toolbar = dialog.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar.getByRole('button')).toHaveText([
      'H1',
      'H2',
      'B',
      'I',
      'U',
      'S',
      '1.',
      '•',
      '',
      'Tx',
    ]);
    const names = await toolbar
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(names).toEqual([
      'Header 1',
      'Header 2',
      'Bold',
      'Italic',
      'Underline',
      'Strike',
      'Ordered list',
      'Bullet list',
      'Link',
      'Clean formatting',
    ]);

    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    const editor = dialog.getByRole('textbox', { name: 'Question text' });
    await editor.click();
    await page.keyboard.type('x');
    await page.keyboard.press('Backspace');
    await expect(dialog.getByText('Please enter some text for your question.')).toBeVisible();
    await expect(submit).toBeDisabled();

    const word = `Title${uid()}`;
    await toolbar.getByRole('button', { name: 'Header 1' }).click();
    await page.keyboard.type(word);
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('bold');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' ');
    await toolbar.getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.type('italic');
    await toolbar.getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.type(' ');
    await toolbar.getByRole('button', { name: 'Underline' }).click();
    await page.keyboard.type('under');
    await toolbar.getByRole('button', { name: 'Underline' }).click();
    await page.keyboard.type(' ');
    await toolbar.getByRole('button', { name: 'Strike' }).click();
    await page.keyboard.type('struck');
    await toolbar.getByRole('button', { name: 'Strike' }).click();
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('point');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Ordered list' }).click();
    await page.keyboard.type('first');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Header 2' }).click();
    await page.keyboard.type('Sub heading');
    await page.keyboard.press('Enter');
    await page.keyboard.type('see site');
    await page.keyboard.press('Shift+Home');
    await toolbar.getByRole('button', { name: 'Link' }).click();
    await dialog.getByLabel('Link address').fill('example.com');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(editor.getByRole('link', { name: 'see site' })).toHaveAttribute(
      'href',
      'https://example.com',
    );
    // Tiptap gives focus back to the editor on the next animation frame, with the caret
    // after the link (not a selection that Enter would replace).
    await expect(editor).toBeFocused();
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('plain later');
    await page.keyboard.press('Shift+Home');
    await toolbar.getByRole('button', { name: 'Clean formatting' }).click();
    await expect(editor.locator('strong', { hasText: 'plain later' })).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await expect(dialog.getByText('Please enter some text for your question.')).toHaveCount(0);

    // Preview shows the sanitized result.
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByTestId('preview');
    await expect(preview.getByRole('heading', { level: 1, name: word })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText('bold');
    await expect(preview.locator('em')).toHaveText('italic');
    await expect(preview.locator('u')).toHaveText('under');
    await expect(preview.locator('s')).toHaveText('struck');
    await expect(preview.locator('ul li')).toHaveText('point');
    await expect(preview.locator('ol li')).toHaveText('first');
    await expect(preview.getByRole('heading', { level: 2, name: 'Sub heading' })).toBeVisible();
    await expect(preview.getByRole('link', { name: 'see site' })).toHaveAttribute(
      'rel',
      'nofollow noopener noreferrer ugc',
    );
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await expect(editor).toBeVisible();

    await dialog.getByLabel('Gender').selectOption('NB');
    await dialog.getByLabel('Age group').selectOption('18-25');
    const tagInput = dialog.getByLabel('Tags', { exact: true });
    await tagInput.fill('  First Date ');
    await tagInput.press('Enter');
    await tagInput.fill('FIRST DATE');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await tagInput.fill('   ');
    await tagInput.press('Enter');
    await tagInput.fill('Nerves');
    await dialog.getByRole('button', { name: 'Add' }).click();
    const chips = dialog.getByRole('list', { name: 'Selected tags' }).getByRole('listitem');
    await expect(chips).toHaveText(['#first date×', '#nerves×']);
    await dialog.getByRole('button', { name: 'Remove tag nerves' }).click();
    await expect(chips).toHaveText(['#first date×']);

    await submit.click();
    await expectToast(page, 'Question posted successfully!');
    await expect(dialog).toBeHidden();
    // The feed and the tags reload.
    const card = feedCards(page).filter({ hasText: word });
    await expect(card).toBeVisible();
    await expect(card.getByText('Posted by: Non Binary, 18-25')).toBeVisible();
    await expect(card.getByRole('link', { name: '#first date' })).toBeVisible();
    await tagFilter(page).fill('first date');
    await expect(tagOption(page, 'first date')).toHaveCount(1);
  });

  test('Cancel and Escape close the dialog; focus stays inside while open', async ({ page }) => {
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Ask a Question' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await expect(dialog.getByRole('textbox', { name: 'Question text' })).toBeVisible();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate((d) => d.contains(document.activeElement));
      expect(inside).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('posting errors: session, detail, field and fallback', async ({ page }) => {
    await page.goto('/');
    const open = async () => {
      await page.getByRole('button', { name: 'Ask a Question' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
      await dialog.getByRole('textbox', { name: 'Question text' }).fill(`Error case ${uid()}`);
      return dialog;
    };

    // Closing a dialog that holds text asks first; these drafts go.
    const discard = async () => {
      await page.keyboard.press('Escape');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    };

    // A field error from the server (the tag limits themselves are checked before sending).
    await page.route('**/api/questions/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: { tag_names: ['A question can have at most 10 tags.'] },
          })
        : route.continue(),
    );
    let dialog = await open();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Failed to post question: A question can have at most 10 tags.');
    await discard();

    await page.unrouteAll();
    await page.route('**/api/questions/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 429, json: { detail: 'Too many requests. Try again later.' } })
        : route.continue(),
    );
    dialog = await open();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Failed to post question: Too many requests. Try again later.');
    await discard();

    await page.unrouteAll();
    await page.route('**/api/questions/', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    );
    dialog = await open();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Failed to post question. Check console for details.');
  });

  test('a malformed session id gets the server message as Error: {text}', async ({ page }) => {
    await page.addInitScript(() => window.sessionStorage.setItem('session_id', 'bad!'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('textbox', { name: 'Question text' }).fill('Hello?');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notifications(page).getByRole('alert')).toHaveText(/^Error: .+/);
  });

  test('the tag limits (10 tags, 32 characters) show before anything is sent', async ({ page }) => {
    const sent: string[][] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/questions/')) {
        sent.push((r.postDataJSON() as { tag_names: string[] }).tag_names);
      }
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('textbox', { name: 'Question text' }).fill(`Tag limits ${uid()}`);
    const input = dialog.getByLabel('Tags', { exact: true });
    await expect(input).toHaveAccessibleDescription('Up to 10 tags, 32 characters each.');
    const chips = dialog.getByRole('list', { name: 'Selected tags' }).getByRole('listitem');

    // Too long: said while typing, and not added.
    await input.fill('x'.repeat(33));
    await expect(dialog.getByText('Tags can be at most 32 characters.')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await input.press('Enter');
    await expect(chips).toHaveCount(0);
    await input.fill('y'.repeat(32));
    await expect(dialog.getByText('Tags can be at most 32 characters.')).toHaveCount(0);
    await input.press('Enter');
    await expect(chips).toHaveCount(1);

    // Ten at most: the eleventh is refused with the reason.
    for (let i = 1; i < 10; i++) {
      await input.fill(`tag${i}`);
      await input.press('Enter');
    }
    await expect(dialog.getByText('10 of 10 tags')).toBeVisible();
    await input.fill('eleventh');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('A question can have at most 10 tags.')).toBeVisible();
    await expect(chips).toHaveCount(10);
    expect(sent).toHaveLength(0);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(10);
  });
});
