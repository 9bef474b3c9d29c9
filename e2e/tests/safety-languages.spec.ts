/**
 * Safety and moderation in the visitor's language (issue 40): a reply about a crisis on a
 * page in Spanish, then in Arabic (the `lang` cookie), brings the support panel in that
 * language, its words and headings included, with the country's lines first; and an
 * admin's report screen reads in Spanish. No English word of the panel is left.
 */
import type { Page } from '@playwright/test';
import { createQuestion, createReport, loginAdmin, uid } from '../support/api.ts';
import { BASE_URL } from '../support/env.ts';
import { expect, expectAccessible, signInPage, test } from '../support/fixtures.ts';

async function useLanguage(page: Page, lang: 'es' | 'ar') {
  await page.context().addCookies([{ name: 'lang', value: lang, url: BASE_URL }]);
}

/** The English words of the panel that must not show on a page in another language. */
const ENGLISH = [
  'Support is here if you need it',
  'More help',
  'Helplines for',
  'Thank you for sharing this',
  'If you are thinking about hurting yourself',
  'In an emergency',
  'Your post is published.',
  '(International)',
];

for (const { lang, locale, dir, question, reply, labels } of [
  {
    lang: 'es',
    locale: 'es-ES',
    dir: null,
    question: `<p>Mi novio me dejó y no sé qué hacer con mi vida ${uid()}</p>`,
    reply: `Desde que me dejó ya no quiero vivir, pienso en quitarme la vida ${uid()}`,
    labels: {
      form: 'Deja una respuesta',
      box: 'Tu respuesta',
      post: 'Publicar respuesta',
      panel: 'Aquí tienes apoyo, si lo necesitas',
      more: 'Más ayuda',
      country: 'País de las líneas de ayuda',
      chosen: 'ES',
      heading: 'Si estás pensando en hacerte daño',
      message: 'Mereces estar a salvo',
      emergency: 'En una emergencia',
      call: 'Llamar al 024',
      dismiss: 'Cerrar los recursos de apoyo',
    },
  },
  {
    lang: 'ar',
    locale: 'ar-EG',
    dir: 'rtl',
    question: `<p>تركني خطيبي ولا أعرف ماذا أفعل بحياتي ${uid()}</p>`,
    reply: `منذ أن تركني لا أريد أن أعيش، أفكر في الانتحار ${uid()}`,
    labels: {
      form: 'اكتب ردًّا',
      box: 'ردّك',
      post: 'نشر الرد',
      panel: 'الدعم متاح هنا إن احتجت إليه',
      more: 'مزيد من المساعدة',
      country: 'خطوط المساعدة في',
      chosen: 'EG',
      heading: 'إن كانت تراودك أفكار بإيذاء نفسك',
      message: 'من حقك الأمان ومن يساندك',
      emergency: 'في حالة الطوارئ',
      call: null,
      dismiss: 'إغلاق موارد الدعم',
    },
  },
]) {
  // A browser in that language: the panel's country follows it (lib/helpline-country.ts).
  test.describe(`in ${lang}`, () => {
    test.use({ locale });
    test(`a crisis reply on a page in ${lang} brings the support panel in ${lang}`, async ({
      page,
      request,
    }) => {
      await useLanguage(page, lang as 'es' | 'ar');
      const q = await createQuestion(request, { text: question });
      await page.goto(`/questions/${q.id}`);
      const html = page.locator('html');
      await expect(html).toHaveAttribute('lang', lang);
      if (dir) await expect(html).toHaveAttribute('dir', dir);
      const form = page.getByRole('region', { name: labels.form });
      await form.getByLabel(labels.box).fill(reply);
      await form.getByRole('button', { name: labels.post }).click();

      const panel = page.getByRole('region', { name: labels.panel });
      await expect(panel).toBeVisible();
      await expect(panel).toBeFocused();
      // The country follows the language: its own lines first, in their language.
      await expect(panel.getByRole('listitem').first()).toHaveAttribute('lang', lang);
      await panel.getByRole('button', { name: labels.more }).click();
      await expect(panel.getByLabel(labels.country)).toHaveValue(labels.chosen);
      await expect(panel.getByRole('heading', { name: labels.heading })).toBeVisible();
      await expect(panel.getByText(labels.message)).toBeVisible();
      await expect(panel.getByRole('heading', { name: labels.emergency })).toBeVisible();
      if (labels.call)
        await expect(panel.getByRole('link', { name: labels.call }).first()).toBeVisible();
      // The international lines keep their English names, marked as English.
      const international = page.getByRole('link', { name: 'Befrienders Worldwide' });
      await expect(panel.locator('li', { has: international })).toBeVisible();
      await expect(panel.locator('li', { has: international })).toHaveAttribute('lang', 'en');
      const text = (await panel.innerText()).replace(/\s+/g, ' ');
      for (const english of ENGLISH) expect(text, english).not.toContain(english);
      await expectAccessible(page, `support panel in ${lang}`);

      await panel.getByRole('button', { name: labels.dismiss }).click();
      await expect(panel).toHaveCount(0);
    });
  });
}

test("an admin's report screen in Spanish", async ({ page, request }) => {
  const word = uid();
  const q = await createQuestion(request, { text: `<p>Pregunta denunciada ${word}</p>` });
  const report = await createReport(
    request,
    { question: q.id },
    { reason: 'harassment', details: 'Palabras hirientes' },
  );
  const flagged = await createQuestion(request, {
    text: `<p>Desde que me dejó ya no quiero vivir, pienso en quitarme la vida ${word}</p>`,
  });
  await useLanguage(page, 'es');
  await signInPage(page, await loginAdmin(request));
  await page.goto('/admin/reports');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  const card = page.getByRole('article', { name: `Denuncia n.º ${report.id}` });
  await expect(card.getByText('Acoso', { exact: true })).toBeVisible();
  await expect(card.getByText('Pregunta', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Aprobar (borrar el contenido)' })).toBeVisible();
  const flag = page
    .getByRole('article')
    .filter({ hasText: `quitarme la vida ${word}` })
    .getByTestId('report-flag');
  await expect(flag).toHaveText('Marcado por la detección de crisis: Autolesión o suicidio');
  await expect(page.getByRole('tab', { name: 'Actividad' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Por publicación' })).toBeVisible();
  await expect(page.getByLabel('Estado de la cola')).toBeVisible();
  await expectAccessible(page, 'report screen in Spanish');

  await card.getByRole('button', { name: 'Rechazar (mantener el contenido)' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('Denuncia rechazada: el contenido se queda.')).toBeVisible();

  await page.getByRole('tab', { name: 'Actividad' }).click();
  await expect(
    page.getByRole('article', { name: `Rechazada (contenido conservado): Pregunta n.º ${q.id}` }),
  ).toBeVisible();
  expect(flagged.id).toBeGreaterThan(0);
});
