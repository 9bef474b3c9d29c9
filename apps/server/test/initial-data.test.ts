/**
 * The feed's and a question's first screen come with the page's HTML, as
 * `<script type="application/json" id="initial-data">`: what a stranger sees, exactly what
 * the API would send them, safe inside HTML, and never a reason for the page to fail.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { createAnswer, createQuestion, createUser, uniqueWord } from './factories.ts';
import { createTestContext, ENGINES, newSession, type TestContext } from './harness.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>app</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

const ELEMENT = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/;

/** The page's embedded JSON text, or null when it has none. */
function embeddedText(html: string): string | null {
  return ELEMENT.exec(html)?.[1] ?? null;
}

function embedded<T>(html: string): T {
  const text = embeddedText(html);
  expect(text, 'the page carries its data').not.toBeNull();
  return JSON.parse(text as string) as T;
}

interface FeedData {
  feed: { query: Record<string, string>; items: { id: number }[]; next: string | null };
}

function linkTarget(link: unknown): string | null {
  return typeof link === 'string' ? (/^<([^>]*)>/.exec(link)?.[1] ?? null) : null;
}

describe.each(ENGINES)('first screen data in the page [%s]', (engine) => {
  let dist: string;
  let ctx: TestContext & { close(): Promise<void> };

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    ctx = await createTestContext(engine, { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.request({ method: 'GET', url, headers });

  it("embeds the feed's first page as a stranger gets it from the API, under the same CSP", async () => {
    const owner = newSession();
    const mine = await createQuestion(ctx, { session: owner });
    const user = await createUser(ctx);
    // Neither a session key nor a token makes the page's data anybody's: it is a stranger's.
    const asks: Record<string, string>[] = [
      {},
      { 'x-session-id': owner },
      { authorization: `Bearer ${user.access}` },
    ];
    for (const headers of asks) {
      const res = await page('/', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['content-security-policy']).toMatch(/(^|;)script-src 'self'(;|$)/);
      // The web app's feed: the page's language and English (and unknown languages).
      const api = await ctx.request({ method: 'GET', url: '/api/questions/?language=en' });
      const data = embedded<FeedData>(res.body);
      expect(data.feed.query).toEqual({ language: 'en' });
      expect(data.feed.items).toEqual(api.json());
      expect(data.feed.next).toBe(linkTarget(api.headers.link));
      const item = data.feed.items.find((q) => q.id === mine.id);
      expect(item).toMatchObject({ user: null, session_id: null });
    }
  });

  it("takes the feed from the strangers' page kept for the API, and shows a new question at once", async () => {
    const tag = uniqueWord('kept');
    await createQuestion(ctx, { tags: [tag] });
    const api = await ctx.request({
      method: 'GET',
      url: `/api/questions/?tag_id=${tag}&language=en`,
    });
    expect(api.headers.etag).toBeDefined();
    const peek = vi.spyOn(ctx.app.feedCache, 'peek');
    try {
      const kept = embedded<FeedData>((await page(`/?tag=${tag}`)).body);
      expect(kept.feed.items).toEqual(api.json());
      expect(await peek.mock.results[0]?.value).not.toBeNull();

      const added = await createQuestion(ctx, { tags: [tag] });
      const fresh = embedded<FeedData>((await page(`/?tag=${tag}`)).body);
      expect(fresh.feed.items[0]?.id).toBe(added.id);
      expect(await peek.mock.results[1]?.value).toBeNull();
    } finally {
      peek.mockRestore();
    }
  });

  it('reads the filters of the address as the web app does, and drops unreadable ones', async () => {
    const word = uniqueWord();
    const tag = uniqueWord('tag');
    const match = await createQuestion(ctx, {
      text: `<p>About ${word}?</p>`,
      tags: [tag],
      gender: 'W',
      age_range: '26-35',
    });
    await createQuestion(ctx, { text: `<p>About ${word} too?</p>`, gender: 'M' });
    const res = await page(`/?q=%20${word}%20&tag=${tag}&gender=W&age_range=26-35&page=3`);
    const data = embedded<FeedData>(res.body);
    expect(data.feed.query).toEqual({
      search: word,
      tag_id: tag,
      gender: 'W',
      age_range: '26-35',
      language: 'en',
    });
    expect(data.feed.items.map((q) => q.id)).toEqual([match.id]);

    const unreadable = embedded<FeedData>((await page('/?gender=X&age_range=99&q=%20')).body);
    expect(unreadable.feed.query).toEqual({ language: 'en' });
  });

  it("lists the page's language and English by default, and what the address names", async () => {
    const tag = uniqueWord('pagelang');
    const ask = (text: string) => createQuestion(ctx, { text: `<p>${text}</p>`, tags: [tag] });
    const english = await ask(
      'How do I tell my partner that I need more time for myself without hurting them?',
    );
    const spanish = await ask(
      '¿Cómo le digo a mi pareja que necesito más tiempo para mí sin hacerle daño?',
    );
    const arabic = await ask('كيف أخبر شريكي أنني بحاجة إلى مزيد من الوقت لنفسي دون أن أجرحه؟');
    const listed = async (url: string, headers: Record<string, string>) => {
      const data = embedded<FeedData>((await page(url, headers)).body);
      return { language: data.feed.query.language, ids: data.feed.items.map((q) => q.id) };
    };
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    // The cookie, else Accept-Language, picks the page's language (lib/page-locale.ts).
    const ar = await listed(`/?tag=${tag}`, { cookie: 'lang=ar' });
    expect(ar.language).toBe('ar,en');
    expect(sorted(ar.ids)).toEqual(sorted([english.id, arabic.id]));
    const es = await listed(`/?tag=${tag}`, { 'accept-language': 'es-MX,es;q=0.9' });
    expect(es.language).toBe('es,en');
    expect(sorted(es.ids)).toEqual(sorted([english.id, spanish.id]));
    // The same address in English lists English only: each language's drawing is its own.
    expect((await listed(`/?tag=${tag}`, {})).ids).toEqual([english.id]);
    expect((await listed(`/?tag=${tag}`, { cookie: 'lang=ar' })).ids).toEqual(ar.ids);
    // A choice in the address wins over the page's language.
    const all = await listed(`/?tag=${tag}&language=all`, { cookie: 'lang=ar' });
    expect(all.language).toBe('all');
    expect(all.ids).toHaveLength(3);
    const onlySpanish = await listed(`/?tag=${tag}&language=es`, { cookie: 'lang=ar' });
    expect(onlySpanish).toEqual({ language: 'es', ids: [spanish.id] });
  });

  it('keeps the next page address of the API', async () => {
    for (let i = 0; i < 21; i += 1) await createQuestion(ctx);
    const data = embedded<FeedData>((await page('/')).body);
    expect(data.feed.items).toHaveLength(20);
    expect(data.feed.next).toMatch(/^\/api\/questions\/\?language=en&cursor=/);
    const next = await ctx.request({ method: 'GET', url: data.feed.next as string });
    expect(next.statusCode).toBe(200);
  });

  it('escapes "<" (and U+2028/U+2029), so text holding </script> cannot end the element', async () => {
    const attack = '</script><script>alert(1)</script><!--\u2028\u2029';
    const q = await createQuestion(ctx, { text: `<p>Is this ${uniqueWord()} safe?</p>` });
    await createAnswer(ctx, q.id, { text: `Answer ${attack}` });

    const feed = await page(`/?q=${encodeURIComponent(attack)}`);
    const feedText = embeddedText(feed.body) as string;
    expect(feedText).not.toMatch(/[<\u2028\u2029]/);
    expect(embedded<FeedData>(feed.body).feed.query.search).toBe(attack.trim());
    // The page's own scripts and the data element, no more.
    expect(feed.body.match(/<script/g)).toHaveLength(2);

    const question = await page(`/questions/${q.id}`);
    const questionText = embeddedText(question.body) as string;
    expect(questionText).not.toMatch(/[<\u2028\u2029]/);
    const api = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
    expect(embedded<{ question: unknown }>(question.body).question).toEqual(api.json());
    expect(JSON.stringify(api.json())).toContain('</script>');
    expect(question.body.match(/<script/g)).toHaveLength(2);
  });

  it('embeds a question with its thread, without owner fields', async () => {
    const owner = newSession();
    const q = await createQuestion(ctx, { session: owner });
    await createAnswer(ctx, q.id, { session: owner, text: 'My own reply.' });
    const res = await page(`/questions/${q.id}`, { 'x-session-id': owner });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const { question } = embedded<{
      question: {
        id: number;
        session_id: unknown;
        user: unknown;
        answers: { session_id: unknown; user: unknown }[];
      };
    }>(res.body);
    expect(question).toMatchObject({ id: q.id, session_id: null, user: null });
    expect(question.answers).toHaveLength(1);
    expect(question.answers[0]).toMatchObject({ session_id: null, user: null });
  });

  it('sends a missing question, and other pages, without data', async () => {
    for (const url of [
      '/questions/999999',
      '/questions/0',
      '/questions/abc',
      '/my/content',
      '/login',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(embeddedText(res.body), url).toBeNull();
      expect(res.body).toContain('<title>app</title>');
    }
  });

  it("does not leak a hidden question's text or thread", async () => {
    const word = uniqueWord();
    const q = await createQuestion(ctx, { text: `<p>Secret ${word}</p>`, tags: [uniqueWord('t')] });
    await createAnswer(ctx, q.id, { text: `Reply ${word}` });
    await ctx.database.pool.query('UPDATE questions SET hidden_at = now() WHERE id = $1', [q.id]);
    const question = await page(`/questions/${q.id}`);
    expect(question.body).not.toContain(word);
    const { question: shown } = embedded<{
      question: { text: string; tags: unknown[]; answers: unknown[]; hidden: boolean };
    }>(question.body);
    expect(shown).toMatchObject({ hidden: true, tags: [], answers: [] });
    expect(shown.text).toContain('hidden while moderators review it');
    expect((await page('/')).body).not.toContain(word);
    expect((await page(`/?q=${word}`)).body).not.toContain(`Secret ${word}`);
  });

  it('compresses the page for a client that takes it', async () => {
    const res = await page('/', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(embeddedText(html)).not.toBeNull();
    const gzipped = await page('/', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD without reading the data', async () => {
    const res = await ctx.request({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('first screen data when the database fails', () => {
  let dist: string;
  const sockets = new Set<Socket>();
  /** Accepts connections and never answers. */
  const blackHole = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => blackHole.close(() => resolve()));
    await rm(dist, { recursive: true, force: true });
  });

  async function pagesWithout(port: number) {
    const database = await openDatabase({
      engine: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/nowhere`,
      poolSize: 2,
    });
    const app = await buildApp({
      config: loadConfig({
        DATA_DIR: '/nonexistent',
        WEB_DIST_DIR: dist,
        RATE_LIMITS: 'off',
        POW_DIFFICULTY: 'off',
      }),
      db: database.db,
      changes: database.changes,
      jwtSecret: randomBytes(32).toString('hex'),
      logger: false,
    });
    try {
      for (const url of ['/', '/questions/1', '/?tag=x']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(embeddedText(res.body), url).toBeNull();
        expect(res.body).toContain('<div id="root"></div>');
      }
    } finally {
      await app.close();
      for (const socket of sockets) socket.destroy();
      await database.close();
    }
  }

  it('serves the page without data when the database refuses connections', async () => {
    await pagesWithout(await closedPort());
  });

  it('serves the page without data, in about a second, when the database never answers', async () => {
    const address = blackHole.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    await pagesWithout(address.port);
  });
});
