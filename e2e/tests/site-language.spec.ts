/**
 * The site's own language (issue 40): the language menu in the header keeps the choice in
 * the `lang` cookie and reloads; the server draws the page in it, with `<html lang>` and,
 * for Arabic, `dir="rtl"`; the app takes the drawing over in the same language (a mismatch
 * is a recoverable error, which fails the test: support/fixtures.ts), at a phone's width
 * and a desktop's, and the page stays accessible.
 */
import { APP_READY_MARK } from '@dating/contract';
import type { Page } from '@playwright/test';
import { createUser, login } from '../support/api.ts';
import { BASE_URL } from '../support/env.ts';
import { expect, expectAccessible, signInPage, test } from '../support/fixtures.ts';
import { appReadyMarks } from '../support/hydration.ts';

/** Waits until the app has taken the page over (main.tsx marks it). */
async function takenOver(page: Page) {
  await expect.poll(() => appReadyMarks(page), { message: APP_READY_MARK }).toBeGreaterThan(0);
}

/** The header's language menu; on a phone it sits in the menu the ☰ button opens. */
async function chooseLanguage(page: Page, phone: boolean, from: string, to: string) {
  const header = page.locator('header');
  if (phone) await header.getByRole('button', { name: new RegExp(`^${from}`) }).click();
  await header.getByRole('combobox').selectOption(to);
}

for (const { name, width, height, phone } of [
  { name: 'phone', width: 375, height: 800, phone: true },
  { name: 'desktop', width: 1280, height: 900, phone: false },
]) {
  test(`the language menu switches the page to Spanish, then Arabic right to left (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await takenOver(page);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(page.locator('header').getByRole('link', { name: /Dating Advice/ })).toBeVisible();

    // Español: the page reloads, drawn and taken over in Spanish.
    await Promise.all([page.waitForEvent('load'), chooseLanguage(page, phone, 'Menu', 'es')]);
    await expect(html).toHaveAttribute('lang', 'es');
    await expect(html).not.toHaveAttribute('dir', 'rtl');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: /Consejos para citas/ })).toBeVisible();
    await expect(header.getByRole('button', { name: /Pregunta/ }).first()).toBeVisible();
    await takenOver(page);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('es');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    await expect(page.locator('footer').getByRole('combobox', { name: 'Idioma' })).toHaveValue(
      'es',
    );
    await expectAccessible(page, `Spanish (${name})`);

    // العربية: right to left.
    await Promise.all([page.waitForEvent('load'), chooseLanguage(page, phone, 'Menú', 'ar')]);
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(header.getByRole('link', { name: /نصائح في المواعدة/ })).toBeVisible();
    await takenOver(page);
    // Mirrored: the brand starts the row at the right.
    const brand = await header.getByRole('link', { name: /نصائح في المواعدة/ }).boundingBox();
    expect((brand?.x ?? 0) + (brand?.width ?? 0)).toBeGreaterThan(width / 2);
    await expectAccessible(page, `Arabic (${name})`);
    await page.screenshot({ path: test.info().outputPath(`arabic-${name}.png`), fullPage: false });

    // Back to English from the footer's menu.
    await Promise.all([
      page.waitForEvent('load'),
      page.locator('footer').getByRole('combobox').selectOption('en'),
    ]);
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(header.getByRole('link', { name: /Dating Advice/ })).toBeVisible();
    await takenOver(page);
  });
}

test('the first visit follows Accept-Language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.locator('header').getByRole('link', { name: /Consejos para citas/ }),
  ).toBeVisible();
  await takenOver(page);
  await context.close();
});

// The specification's strings (the contract's UI and MSG) and the labels, in the page's language.
for (const words of [
  {
    lang: 'es',
    search: 'Buscar preguntas',
    results: 'Resultados',
    empty: 'No hay publicaciones relacionadas.',
    sort: 'Ordenar por',
    newest: 'Más recientes',
    askButton: 'Pregunta algo',
    ask: 'Haz una pregunta',
    questionText: 'Tu pregunta',
    questionEmpty: 'Escribe tu pregunta antes de enviarla.',
    gender: 'Género',
    woman: 'Mujer',
  },
  {
    lang: 'ar',
    search: 'البحث في الأسئلة',
    results: 'النتائج',
    empty: 'لا توجد منشورات ذات صلة.',
    sort: 'الترتيب حسب',
    newest: 'الأحدث',
    askButton: 'اسأل سؤالًا',
    ask: 'اطرح سؤالًا',
    questionText: 'نص السؤال',
    questionEmpty: 'اكتب سؤالك قبل إرساله.',
    gender: 'الجنس',
    woman: 'امرأة',
  },
]) {
  test(`the specification's messages are translated (${words.lang})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'lang', value: words.lang, url: baseURL as string }]);
    const page = await context.newPage();
    await page.goto('/');
    await takenOver(page);
    const sort = page.getByRole('combobox', { name: words.sort });
    await expect(sort.locator('option:checked')).toHaveText(words.newest);

    // A search with no match: the heading and the empty state.
    await page.getByRole('searchbox', { name: words.search }).fill(`zebra${Date.now()}`);
    await expect(page.getByRole('heading', { name: words.results, exact: true })).toBeVisible();
    await expect(page.getByText(words.empty)).toBeVisible();
    await expect(page.getByText('No related posts found.')).toHaveCount(0);

    // The Ask dialog: its labels, and the validation message once the text is emptied.
    await page.locator('header').getByRole('button', { name: words.askButton }).click();
    const dialog = page.getByRole('dialog', { name: words.ask });
    await expect(dialog.getByRole('combobox', { name: words.gender })).toContainText(words.woman);
    await dialog.getByRole('textbox', { name: words.questionText }).click();
    await page.keyboard.type('x');
    await page.keyboard.press('Backspace');
    await expect(dialog.getByText(words.questionEmpty)).toBeVisible();
    await expect(dialog.getByText('Please enter some text for your question.')).toHaveCount(0);
    await context.close();
  });
}

/**
 * The screens that carry catalogues of their own (src/locales/<domain>/) come in the page's
 * language: the About page, drawn by the server and taken over, and My Content's data section
 * and the private key's screens, loaded on demand.
 */
test('the About page and My Content read in Spanish with the lang cookie', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'espanol');
  const tokens = await login(request, user.username, user.password);
  await page.context().addCookies([{ name: 'lang', value: 'es', url: BASE_URL }]);
  const catalogues: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') catalogues.push(new URL(r.url()).pathname);
  });

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sobre este sitio');
  await expect(page.getByRole('heading', { name: 'Tu clave privada' })).toBeVisible();
  await takenOver(page);
  await expect(page).toHaveTitle('Sobre este sitio · Consejos para citas');
  await expect(page.getByText('Your private key')).toHaveCount(0);
  await expectAccessible(page, 'About in Spanish');

  await signInPage(page, tokens);
  await page.goto('/my/content');
  const data = page.getByRole('region', { name: 'Tus datos' });
  await expect(data.getByRole('button', { name: 'Descargar mis datos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Borrar mi cuenta' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Publicaciones anónimas' })).toBeVisible();
  await expect(page.getByText('Download my data')).toHaveCount(0);
  await expectAccessible(page, 'My Content in Spanish');
});
