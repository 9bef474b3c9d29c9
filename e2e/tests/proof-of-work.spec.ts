/**
 * Proof-of-work for anonymous writes, in the browser, against a server that asks for it
 * (support/pow-server.ts): the web app solves each challenge in a Web Worker and sends the
 * solution in X-Altcha on an anonymous question, reply, like and report, one solution per
 * write; when the server refuses a solution it solves a fresh one and sends the write once
 * more with the same Idempotency-Key.
 */
import type { Page, Request } from '@playwright/test';
import { createQuestion, createUser, login, uid } from '../support/api.ts';
import { answerWithText, expect, expectToast, test } from '../support/fixtures.ts';
import { POW_BASE_URL, startPowServer } from '../support/pow-server.ts';

let stopServer: (() => Promise<void>) | undefined;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  stopServer = await startPowServer();
});
test.afterAll(async () => {
  await stopServer?.();
});
test.use({ baseURL: POW_BASE_URL });

interface Write {
  path: string;
  altcha: string | undefined;
  idempotencyKey: string | undefined;
}

/** The POSTs the page sends to the API, with their proof-of-work and idempotency headers. */
function recordWrites(page: Page): Write[] {
  const writes: Write[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() !== 'POST' || !url.pathname.startsWith('/api/')) return;
    const headers = request.headers();
    writes.push({
      path: url.pathname,
      altcha: headers['x-altcha'],
      idempotencyKey: headers['idempotency-key'],
    });
  });
  return writes;
}

/** A question by a signed-in member (no proof-of-work), for an anonymous visitor to use. */
async function someonesQuestion(request: Parameters<typeof createUser>[0], text: string) {
  const member = await createUser(request, 'powmember');
  const tokens = await login(request, member.username, member.password);
  return createQuestion(request, { text: `<p>${text}</p>` }, { tokens });
}

test.describe('proof-of-work for anonymous writes', () => {
  test('a question, a reply, a like and a report each carry their own solution', async ({
    page,
    request,
  }) => {
    const writes = recordWrites(page);
    await page.goto('/');
    await expect((await request.get('/api/challenge/')).status()).toBe(200);

    await page.getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a Question' });
    await dialog.getByRole('textbox', { name: 'Question text' }).click();
    const word = `Worked${uid()}`;
    await page.keyboard.type(`${word} asks anonymously`);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Question posted successfully!');

    const question = await someonesQuestion(request, `Pow target ${uid()}`);
    await page.goto(`/questions/${question.id}`);
    await page.getByRole('button', { name: 'Like this post' }).click();
    await expectToast(page, 'Question liked!');
    await expect(page.getByText('1 like', { exact: true })).toBeVisible();

    const form = page.getByRole('region', { name: 'Leave a Reply' });
    await form.getByLabel('Your reply').fill('An anonymous reply with work done');
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    const reply = answerWithText(page, 'An anonymous reply with work done');
    await expect(reply).toBeVisible();

    await page.getByRole('button', { name: 'Report', exact: true }).first().click();
    const report = page.getByRole('dialog', { name: 'Report question' });
    await report.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Thanks, the admin will review your report.');

    const anonymousWrites = writes.filter((w) =>
      /^\/api\/(questions\/(\d+\/(answers|like)\/)?|reports\/)$/.test(w.path),
    );
    expect(anonymousWrites.map((w) => w.path)).toEqual([
      '/api/questions/',
      `/api/questions/${question.id}/like/`,
      `/api/questions/${question.id}/answers/`,
      '/api/reports/',
    ]);
    for (const write of anonymousWrites) {
      expect(write.altcha, write.path).toBeTruthy();
      const payload = JSON.parse(Buffer.from(write.altcha ?? '', 'base64').toString('utf8'));
      expect(payload.challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
      expect(Number.isInteger(payload.solution.counter)).toBe(true);
    }
    // One solution per write.
    expect(new Set(anonymousWrites.map((w) => w.altcha)).size).toBe(anonymousWrites.length);
  });

  test('a refused solution: a fresh one is solved and the reply sent again, once', async ({
    page,
    request,
  }) => {
    const writes = recordWrites(page);
    const question = await someonesQuestion(request, `Pow retry ${uid()}`);
    let tampered = false;
    await page.route('**/api/questions/*/answers/', async (route) => {
      if (tampered || route.request().method() !== 'POST') return route.continue();
      tampered = true;
      // As if the solution had expired or been used already: the server refuses it.
      await route.continue({
        headers: { ...route.request().headers(), 'x-altcha': btoa('{"not":"a solution"}') },
      });
    });
    await page.goto(`/questions/${question.id}`);
    const form = page.getByRole('region', { name: 'Leave a Reply' });
    await form.getByLabel('Your reply').fill('Sent after a refusal');
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expectToast(page, 'Reply submitted successfully!');
    await expect(answerWithText(page, 'Sent after a refusal')).toHaveCount(1);

    const sent = writes.filter((w) => w.path === `/api/questions/${question.id}/answers/`);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.idempotencyKey).toBeTruthy();
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    expect(sent[1]?.altcha).toBeTruthy();
    expect(sent[1]?.altcha).not.toBe(sent[0]?.altcha);
  });

  test('signed in, no challenge is solved or sent', async ({ page, request }) => {
    const writes = recordWrites(page);
    const member = await createUser(request, 'powsigned');
    const tokens = await login(request, member.username, member.password);
    await page.addInitScript((t) => {
      window.localStorage.setItem('access_token', t.access);
      window.localStorage.setItem('refresh_token', t.refresh);
    }, tokens);
    const challenges: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/challenge/') challenges.push(r.url());
    });
    const question = await someonesQuestion(request, `Pow member ${uid()}`);
    await page.goto(`/questions/${question.id}`);
    await expect(page.getByText(`Welcome, ${member.username}!`)).toBeVisible();
    await page.getByRole('button', { name: 'Like this post' }).click();
    await expectToast(page, 'Question liked!');
    const like = writes.find((w) => w.path.endsWith('/like/'));
    expect(like?.altcha).toBeUndefined();
    expect(challenges).toEqual([]);
  });
});
