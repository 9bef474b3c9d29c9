import { uid } from '../support/api.ts';
import { expect, expectToast, test } from '../support/fixtures.ts';

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
    const preview = dialog.locator('.preview');
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
    const tagInput = dialog.getByLabel('Tags');
    await tagInput.fill('  First Date ');
    await tagInput.press('Enter');
    await tagInput.fill('FIRST DATE');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await tagInput.fill('   ');
    await tagInput.press('Enter');
    await tagInput.fill('Nerves');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.locator('.chip')).toHaveText(['#first date×', '#nerves×']);
    await dialog.getByRole('button', { name: 'Remove tag nerves' }).click();
    await expect(dialog.locator('.chip')).toHaveText(['#first date×']);

    await submit.click();
    await expectToast(page, 'Question posted successfully!');
    await expect(dialog).toBeHidden();
    // The feed and the tags reload.
    const card = page.locator('.question-list article').filter({ hasText: word });
    await expect(card).toBeVisible();
    await expect(card.getByText('Posted by: Non Binary, 18-25')).toBeVisible();
    await expect(card.getByRole('button', { name: '#first date' })).toBeVisible();
    await expect(
      page.getByLabel('Tag', { exact: true }).locator('option', { hasText: '#first date' }),
    ).toHaveCount(1);
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

    // A real 400 for too many tags.
    let dialog = await open();
    for (let i = 0; i < 11; i++) {
      await dialog.getByLabel('Tags').fill(`t${i}`);
      await dialog.getByLabel('Tags').press('Enter');
    }
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Failed to post question: A question can have at most 10 tags.');
    await page.keyboard.press('Escape');

    await page.route('**/api/questions/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 429, json: { detail: 'Too many requests. Try again later.' } })
        : route.continue(),
    );
    dialog = await open();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Failed to post question: Too many requests. Try again later.');
    await page.keyboard.press('Escape');

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
    await expect(page.locator('.toast-error')).toHaveText(/^Error: .+/);
  });
});
