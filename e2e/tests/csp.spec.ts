/**
 * The Content-Security-Policy allows no inline style (no `'unsafe-inline'` in style-src),
 * so nothing the server draws or the app adds may be an inline style: the home page drawn
 * on the server, a question with its thread, the editor of the Ask dialog, the anonymous
 * key's panel and the admin pages all render without one violation.
 */
import { createHash } from 'node:crypto';
import { createAnswer, createQuestion, createReport, loginAdmin, uid } from '../support/api.ts';
import { expect, signInPage, test } from '../support/fixtures.ts';

/** Collects the page's CSP violations from before any of its scripts run. */
async function watchViolations(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    )),
    ...console,
  ];
}

test("the policy refuses inline styles but the build's own, by hash", async ({ request }) => {
  const question = await createQuestion(request, { text: `<p>Styles ${uid()}</p>` });
  /** The hashes of a page's `<style>` blocks. */
  const styleHashes = (html: string) =>
    [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
      ([, css]) =>
        `'sha256-${createHash('sha256')
          .update(css ?? '')
          .digest('base64')}'`,
    );
  const home = await request.get('/');
  const homeHtml = await home.text();
  // A question's page has the first load's blocks and its screen's (drawn on the server).
  const questionPage = await request.get(`/questions/${question.id}`);
  const questionHtml = await questionPage.text();
  const homeHashes = styleHashes(homeHtml);
  const allHashes = styleHashes(questionHtml);
  expect(homeHashes.length).toBeGreaterThan(0);
  expect(allHashes.slice(0, homeHashes.length)).toEqual(homeHashes);
  expect(allHashes.length).toBeGreaterThan(homeHashes.length);
  for (const res of [home, questionPage]) {
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`style-src 'self' ${allHashes.join(' ')};`);
    expect(csp).not.toContain('unsafe');
  }
  for (const html of [homeHtml, questionHtml]) expect(html).not.toMatch(/\sstyle=/);
});

test('pages render without a CSP violation', async ({ page, request, pageErrors }) => {
  const word = `csp${uid()}`;
  const question = await createQuestion(request, {
    text: `<h1>${word}?</h1><p><b>Bold</b> <i>and</i> <a href="https://example.com">a link</a></p><ul><li><p>one</p></li></ul>`,
  });
  const answer = await createAnswer(request, question.id, { text: `Yes, ${word}.` });
  await createReport(request, { answer: answer.id }, { reason: 'spam' });
  const violations = await watchViolations(page);

  await page.goto('/');
  await expect(page.getByText(`${word}?`).first()).toBeVisible();
  await page.goto(`/questions/${question.id}`);
  await expect(page.getByText(`Yes, ${word}.`)).toBeVisible();

  // The editor, and an anonymous reply: the key's panel appears.
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
  await expect(dialog.getByRole('textbox').first()).toBeVisible();
  await dialog.getByRole('textbox').first().click();
  await page.keyboard.type(`Typed ${word}`);
  await page.keyboard.press('Escape');
  expect(await violations()).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('admin pages render without a CSP violation', async ({ page, request }) => {
  const q = await createQuestion(request, { text: `<p>Admin ${uid()}</p>` });
  await createReport(request, { question: q.id }, { reason: 'spam', details: 'Advertising' });
  await signInPage(page, await loginAdmin(request));
  const violations = await watchViolations(page);
  await page.goto('/admin/reports');
  await expect(page.getByText('Advertising').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Activity' }).click();
  // The log drawn (entries or its empty message). Not `networkidle`: the live stream keeps
  // the network busy, so on a loaded machine the network may never be quiet for half a second.
  const activity = page.getByRole('tabpanel', { name: 'Activity' });
  await expect(
    activity.getByRole('listitem').first().or(activity.getByText('No moderation activity yet.')),
  ).toBeVisible();
  expect(await violations()).toEqual([]);
});
