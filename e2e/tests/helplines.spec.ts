/**
 * The support panel's country menu: "International" for an English post (the panel as it
 * always was); picking a country lists its own lines first, in their language, with the
 * international ones after; the pick is kept in this browser across a reload; a failed fetch
 * says so and can be tried again.
 */
import type { Page } from '@playwright/test';
import { createQuestion, uid } from '../support/api.ts';
import { expect, expectAccessible, expectToast, test } from '../support/fixtures.ts';

const panelOf = (page: Page) =>
  page.getByRole('region', { name: 'Support is here if you need it' });

/** Replies about a crisis on a new question's page: the panel shows beside the reply. */
async function replyInCrisis(page: Page, request: Parameters<typeof createQuestion>[0]) {
  const q = await createQuestion(request, { text: `<p>Country lines ${uid()}</p>` });
  await page.goto(`/questions/${q.id}`);
  const form = page.getByRole('region', { name: 'Leave a Reply' });
  await form.getByLabel('Your reply').fill(`Since he left I want to die ${uid()}`);
  await form.getByRole('button', { name: 'Post Reply' }).click();
  await expectToast(page, 'Reply submitted successfully!');
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('helplines by country', () => {
  test('pick a country: its lines first; kept after a reload', async ({ page, request }) => {
    let panel = await replyInCrisis(page, request);
    // English: the international list, as it always was.
    await expect(panel.getByRole('link', { name: 'Find A Helpline' })).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    await panel.getByRole('button', { name: 'More help' }).click();
    const menu = panel.getByLabel('Helplines for');
    await expect(menu).toHaveValue('international');
    await expectAccessible(page, 'support panel, international');

    // Choose Spain in the menu (a native select: keyboard operable). The fetch carries no
    // session key.
    const asked = page.waitForRequest(/\/api\/safety\/resources\/\?country=ES$/);
    await menu.focus();
    await menu.selectOption({ label: 'Spain' });
    const headers = await (await asked).allHeaders();
    expect(headers['x-session-id']).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    const line = panel.getByRole('link', { name: 'Línea 024 de atención a la conducta suicida' });
    await expect(line).toBeVisible();
    // In the short list, first, written in Spanish; the international lines after.
    const first = panel.getByRole('listitem').first();
    await expect(first).toHaveAttribute('lang', 'es');
    await expect(first.getByRole('link', { name: 'Call 024' })).toHaveAttribute('href', 'tel:024');
    await expect(panel.getByRole('heading', { name: 'In an emergency' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Call 112' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Befrienders Worldwide' })).toBeVisible();
    // Another country's lines would not help here.
    await expect(panel.getByText('988 Suicide & Crisis Lifeline')).toHaveCount(0);
    await expectAccessible(page, 'support panel, Spain');

    // Arabic lines read right to left.
    await menu.selectOption({ label: 'Egypt' });
    await expect(panel.getByRole('listitem').first()).toHaveAttribute('dir', 'rtl');
    await menu.selectOption({ label: 'Spain' });
    await expect(line).toBeVisible();

    await page.reload();
    await expect(panelOf(page)).toHaveCount(0);
    panel = await replyInCrisis(page, request);
    // Kept: Spain's lines in the short list at once, and Spain in the menu.
    await expect(
      panel.getByRole('link', { name: 'Línea 024 de atención a la conducta suicida' }),
    ).toBeVisible();
    await panel.getByRole('button', { name: 'More help' }).click();
    await expect(panel.getByLabel('Helplines for')).toHaveValue('ES');

    // Back to International: the panel as the server sent it.
    await panel.getByLabel('Helplines for').selectOption({ label: 'International' });
    await expect(
      panel.getByRole('link', { name: 'Línea 024 de atención a la conducta suicida' }),
    ).toHaveCount(0);
    await expect(panel.getByRole('link', { name: '988 Suicide & Crisis Lifeline' })).toBeVisible();
  });

  test("a country's lines that fail to load say so, and Try again loads them", async ({
    page,
    request,
  }) => {
    const panel = await replyInCrisis(page, request);
    await panel.getByRole('button', { name: 'More help' }).click();
    let fail = true;
    await page.route('**/api/safety/resources/?country=*', (route) =>
      fail ? route.fulfill({ status: 503, body: '{"detail":"down"}' }) : route.fallback(),
    );
    await panel.getByLabel('Helplines for').selectOption({ label: 'Mexico' });
    await expect(
      panel.getByText('The helplines for this country could not be loaded.'),
    ).toBeVisible();
    // Meanwhile the panel's own list stays.
    await expect(panel.getByRole('link', { name: 'Find A Helpline' }).first()).toBeVisible();
    fail = false;
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect(panel.getByRole('link', { name: /Consejo Ciudadano/ })).toBeVisible();
    await expect(
      panel.getByText('The helplines for this country could not be loaded.'),
    ).toHaveCount(0);
  });
});
