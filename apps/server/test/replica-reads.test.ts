/**
 * Routing reads with replicas configured (DATABASE_READ_URL), without a real standby: the
 * "replica" is a second pool on the test's own database, or an address nobody answers. The
 * lag itself is tested on a real standby (faults/replica.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLsn } from '../src/db/read-replicas.ts';
import { createTestContext, newSession, type TestContext } from './harness.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

const ask = (ctx: TestContext, session: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/questions/',
    session,
    body: {
      text: '<p>Is a second date too soon after a week?</p>',
      tag_names: ['timing'],
      gender: 'U',
      age_range: 'U',
      session_id: session,
    },
  });

describe.skipIf(POSTGRES_URL === undefined)('reads with replicas configured', () => {
  let ctx: TestContext & { close(): Promise<void> };

  beforeAll(async () => {
    ctx = await createTestContext('postgres', {
      // The database itself, through a second pool: a replica that never lags.
      databaseOptions: { readUrls: (own) => [own] },
      env: { CORS_ORIGINS: 'https://app.example' },
    });
    await ctx.database.reads?.polled();
  });
  afterAll(() => ctx?.close());

  it('answers each write with the log position after it, rising', async () => {
    const session = newSession();
    const first = await ask(ctx, session);
    expect(first.statusCode).toBe(201);
    const like = await ctx.request({
      method: 'POST',
      url: `/api/questions/${first.json<{ id: number }>().id}/like/`,
      session: newSession(),
      body: {},
    });
    expect(like.statusCode).toBeLessThan(300);
    const positions = [first, like].map((res) => res.headers['read-after']);
    for (const position of positions) expect(position).toMatch(/^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/);
    const [a, b] = positions.map((position) => parseLsn(position) ?? -1n);
    expect((b ?? 0n) >= (a ?? 0n)).toBe(true);
    // Reads carry none.
    const read = await ctx.request({ method: 'GET', url: '/api/questions/' });
    expect(read.headers['read-after']).toBeUndefined();
  });

  it('serves the public reads, with a position or without, and ignores a malformed one', async () => {
    const session = newSession();
    const written = await ask(ctx, session);
    const id = written.json<{ id: number }>().id;
    const position = written.headers['read-after'] as string;
    const variants: Record<string, string>[] = [
      { 'read-after': position },
      { 'read-after': 'FFFFFFFF/FFFFFFFF' },
      { 'read-after': '0/zz' },
      { 'read-after': `${position}, 0/1` },
      {},
    ];
    for (const headers of variants) {
      for (const url of ['/api/questions/', `/api/questions/${id}/`, '/api/tags/']) {
        const res = await ctx.request({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
      }
    }
    const feed = await ctx.request({ method: 'GET', url: '/api/questions/', session });
    expect(feed.json<{ id: number }[]>().map((q) => q.id)).toContain(id);
  });

  it('lets a browser on an allowed origin send Read-After and read it back', async () => {
    const preflight = await ctx.request({
      method: 'OPTIONS',
      url: '/api/questions/',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'read-after, x-session-id',
      },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Read-After/);
    const written = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      headers: { origin: 'https://app.example' },
      session: newSession(),
      body: {},
    });
    // Refused (no text), so no position; the header is exposed all the same.
    expect(written.statusCode).toBe(400);
    expect(written.headers['read-after']).toBeUndefined();
    expect(String(written.headers['access-control-expose-headers'])).toMatch(/Read-After/);
  });
});

describe.skipIf(POSTGRES_URL === undefined)('a replica nobody answers', () => {
  let ctx: TestContext & { close(): Promise<void> };

  beforeAll(async () => {
    ctx = await createTestContext('postgres', {
      databaseOptions: { readUrls: () => ['postgres://postgres@127.0.0.1:1/none'] },
    });
  });
  afterAll(() => ctx?.close());

  it('never fails a read: the primary serves them all', async () => {
    const session = newSession();
    const id = (await ask(ctx, session)).json<{ id: number }>().id;
    for (const url of ['/api/questions/', `/api/questions/${id}/`, '/api/tags/', '/']) {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const feed = await ctx.request({ method: 'GET', url: '/api/questions/' });
    expect(feed.json<{ id: number }[]>().map((q) => q.id)).toContain(id);
    expect(ctx.database.reads?.snapshot()[0]?.healthy).toBe(false);
  });
});

describe('without replicas', () => {
  let ctx: TestContext & { close(): Promise<void> };

  beforeAll(async () => {
    ctx = await createTestContext(POSTGRES_URL === undefined ? 'pglite' : 'postgres');
  });
  afterAll(() => ctx?.close());

  it('sends no position and reads nothing more', async () => {
    const written = await ask(ctx, newSession());
    expect(written.statusCode).toBe(201);
    expect(written.headers['read-after']).toBeUndefined();
    const read = await ctx.request({
      method: 'GET',
      url: '/api/questions/',
      headers: { 'read-after': '0/1' },
    });
    expect(read.statusCode).toBe(200);
  });
});
