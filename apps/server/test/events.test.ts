/**
 * Live events (`GET /api/events/`) through a real listening server and fetch streaming, as
 * the web app reads them: the unread count of an identity, a thread's new replies, resuming
 * with Last-Event-ID, the limits, bad input, shutdown, and (on PostgreSQL) an event written
 * through one instance reaching a stream held by another.
 */

import { API_MSG } from '@dating/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionId } from '../src/lib/session-id.ts';
import { createAnswer, createQuestion } from './factories.ts';
import { createTestContext, ENGINES, newSession, type TestContext } from './harness.ts';

type Context = TestContext & { close(): Promise<void> };

interface SseEvent {
  id: string | null;
  event: string | null;
  data: string | null;
}

/** An open stream: the events parsed as they arrive. */
class EventReader {
  readonly events: SseEvent[] = [];
  lastId: string | null = null;
  private waiters: (() => void)[] = [];
  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    void this.read();
  }

  private async read() {
    const reader = this.response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by the test, or the server ended the stream.
    }
    this.ended = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  ended = false;

  private take(block: string) {
    const event: SseEvent = { id: null, event: null, data: null };
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'id') event.id = value;
      if (field === 'event') event.event = value;
      if (field === 'data') event.data = value;
    }
    if (event.id !== null) this.lastId = event.id;
    if (event.data !== null) this.events.push(event);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Waits (up to 5 s) for an event matching `test`. */
  async next(test: (event: SseEvent) => boolean, timeoutMs = 5_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(test);
      if (found) return found;
      if (this.ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such event; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.controller.abort();
  }
}

async function listen(ctx: Context): Promise<string> {
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

async function openStream(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, { headers, signal: controller.signal });
  return new EventReader(response, controller);
}

const unreadIs = (n: number) => (e: SseEvent) =>
  e.event === 'notification' && JSON.parse(e.data ?? '{}').unread === n;

for (const engine of ENGINES) {
  describe(`live events [${engine}]`, () => {
    let ctx: Context;
    let base: string;
    const open: EventReader[] = [];
    const stream = async (path: string, headers: Record<string, string> = {}) => {
      const reader = await openStream(base, path, headers);
      open.push(reader);
      return reader;
    };

    beforeAll(async () => {
      ctx = await createTestContext(engine, {
        env: { RATE_LIMITS: 'events-identity=2/1,events-ip=4/1' },
      });
      base = await listen(ctx);
    });
    afterAll(async () => {
      for (const reader of open) reader.close();
      await ctx?.close();
    });

    it("tells an identity's streams its unread count, at once and on every change", async () => {
      const q = await createQuestion(ctx);
      const events = await stream('/api/events/', { 'X-Session-Id': q.session as string });
      expect(events.response.status).toBe(200);
      expect(events.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(events.response.headers.get('cache-control')).toBe('private, no-store');
      await events.next(unreadIs(0));
      await createAnswer(ctx, q.id);
      const told = await events.next(unreadIs(1));
      expect(told.id).toMatch(/^\d+\.\d+$/);
      const read = await ctx.request({
        method: 'POST',
        url: '/api/notifications/read/',
        session: q.session,
        body: { all: true },
      });
      expect(read.statusCode).toBe(204);
      await events.next(
        (e) =>
          e.event === 'notification' &&
          events.events.indexOf(e) > 1 &&
          JSON.parse(e.data ?? '{}').unread === 0,
      );
      events.close();
    });

    it("tells a thread's watchers of each new visible reply, without an identity", async () => {
      const q = await createQuestion(ctx);
      const watcher = await stream(`/api/events/?question=${q.id}`);
      expect(watcher.response.status).toBe(200);
      const a = await createAnswer(ctx, q.id);
      const event = await watcher.next((e) => e.event === 'reply');
      expect(JSON.parse(event.data ?? '')).toEqual({ question: q.id, answer: a.id });
      // Another thread's replies are not this stream's.
      const other = await createQuestion(ctx);
      await createAnswer(ctx, other.id);
      const b = await createAnswer(ctx, q.id);
      await watcher.next((e) => e.event === 'reply' && JSON.parse(e.data ?? '').answer === b.id);
      expect(watcher.events.filter((e) => e.event === 'reply')).toHaveLength(2);
      watcher.close();

      // Resuming after the last event seen: the replies missed meanwhile come first.
      const missed = await createAnswer(ctx, q.id);
      const resumed = await stream(`/api/events/?question=${q.id}`, {
        'Last-Event-ID': watcher.lastId as string,
      });
      const again = await resumed.next((e) => e.event === 'reply');
      expect(JSON.parse(again.data ?? '')).toEqual({ question: q.id, answer: missed.id });
      resumed.close();
    });

    it('ends with `unavailable` the streams of a question hidden from them; a new one is a 404', async () => {
      const q = await createQuestion(ctx);
      const stranger = await stream(`/api/events/?question=${q.id}`);
      const asker = await stream(`/api/events/?question=${q.id}`, {
        'X-Session-Id': q.session as string,
      });
      await asker.next(unreadIs(0));
      await sql`UPDATE questions SET hidden_at = now() WHERE id = ${q.id}`.execute(ctx.database.db);
      const gone = await stranger.next((e) => e.event === 'unavailable');
      expect(JSON.parse(gone.data ?? '')).toEqual({ question: q.id });
      await stranger
        .next(() => false, 2_000)
        .catch((error: Error) => {
          expect(error.message).toBe('the stream ended');
        });
      expect(stranger.ended).toBe(true);
      const again = await fetch(`${base}/api/events/?question=${q.id}`);
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ code: 'notFound', detail: API_MSG.notFound });
      const mine = await fetch(`${base}/api/events/?question=${q.id}`, {
        headers: { 'X-Session-Id': q.session as string },
      });
      expect(mine.status).toBe(200);
      await mine.body?.cancel();

      // The asker's stream goes on, but a reply under the hidden question is announced to
      // nobody: what follows it (the asker's count, by another thread) comes, and no reply.
      await createAnswer(ctx, q.id, { session: q.session, text: 'Still here.' });
      const other = await createQuestion(ctx);
      const follow = await ctx.request({
        method: 'POST',
        url: `/api/questions/${other.id}/follow/`,
        session: q.session,
      });
      expect(follow.statusCode, follow.body).toBe(204);
      await createAnswer(ctx, other.id);
      await asker.next(unreadIs(1));
      expect(asker.events.filter((e) => e.event !== 'notification')).toEqual([]);
      expect(asker.ended).toBe(false);

      // Deleted: every stream on it ends, its asker's too.
      const deleted = await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${q.id}/`,
        session: q.session,
      });
      expect(deleted.statusCode).toBe(204);
      const removed = await asker.next((e) => e.event === 'unavailable');
      expect(JSON.parse(removed.data ?? '')).toEqual({ question: q.id });
      asker.close();
      stranger.close();
    });

    it('refuses bad input and too many streams', async () => {
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(`${base}${path}`, { headers });
      const nobody = await get('/api/events/');
      expect(nobody.status).toBe(400);
      expect(await nobody.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
      for (const bad of ['?question=x', '?question=0', '?question=1.5', '?question=2147483648']) {
        const res = await get(`/api/events/${bad}`);
        expect(res.status, bad).toBe(400);
      }
      const missing = await get('/api/events/?question=2147483647');
      expect(missing.status).toBe(404);
      const weak = await get('/api/events/', { 'X-Session-Id': 'a'.repeat(30) });
      expect(weak.status).toBe(400);

      const session = newSession();
      const mine = [
        await stream('/api/events/', { 'X-Session-Id': session }),
        await stream('/api/events/', { 'X-Session-Id': session }),
      ];
      for (const reader of mine) expect(reader.response.status).toBe(200);
      const third = await get('/api/events/', { 'X-Session-Id': session });
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
      // Per IP: two more (another identity's) fill this address's four.
      const q = await createQuestion(ctx);
      const more = [
        await stream(`/api/events/?question=${q.id}`),
        await stream(`/api/events/?question=${q.id}`),
      ];
      expect((await get(`/api/events/?question=${q.id}`)).status).toBe(429);
      // Closing one frees its place.
      for (const reader of [...mine, ...more]) reader.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await stream('/api/events/', { 'X-Session-Id': session });
      expect(after.response.status).toBe(200);
      after.close();
    });
  });
}

// A count read for a stream is the stream's own work, not that of the request whose commit
// announced the change. On the embedded database the announcement comes back in the async
// context of whichever request made the listening connection, long over in a running
// server: the read must not inherit that request's passed deadline.
describe('live events outlive the requests that open database connections', () => {
  const deadlineMs = 300;
  let ctx: Context;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { env: { REQUEST_DEADLINE_MS: String(deadlineMs) } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('reads the unread count outside the deadline of the request that opened the connection', async () => {
    // A connection's events run in the async context of whatever opened it. On PGlite the
    // change feed hears on the pool's connection: reopened by a request, every count read
    // that a change set off ran under that request's deadline, long past.
    const base = await listen(ctx);
    const q = await createQuestion(ctx);
    const events = await openStream(base, '/api/events/', { 'X-Session-Id': q.session as string });
    try {
      await events.next(unreadIs(0));
      const idle = await ctx.database.pool.connect();
      idle.release(true);
      const read = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(read.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, deadlineMs + 100));

      // Written outside any request, so that only the feed's callback can be late.
      await sql`INSERT INTO notifications (session_hash, kind, question_id, excerpt)
        VALUES (${hashSessionId(q.session as string)}, 'reply', ${q.id}, 'x')`.execute(
        ctx.database.db,
      );
      await events.next(unreadIs(1));
    } finally {
      events.close();
    }
  });
});

describe('live events on shutdown', () => {
  let ctx: Context;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });

  it('ends every stream when the app closes, before the database', async () => {
    const base = await listen(ctx);
    const q = await createQuestion(ctx);
    const reader = await openStream(base, `/api/events/?question=${q.id}`);
    expect(reader.response.status).toBe(200);
    const closing = ctx.close();
    await expect(reader.next(() => false, 5_000)).rejects.toThrow('the stream ended');
    await closing;
  });
});

// Two instances on one database: PostgreSQL only (PGlite belongs to one process).
for (const engine of ENGINES.filter((name) => name === 'postgres')) {
  describe(`live events across instances [${engine}]`, () => {
    let first: Context;
    let second: Context;
    beforeAll(async () => {
      first = await createTestContext(engine);
      second = await createTestContext(engine, { database: first.database });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('reaches a stream held by another instance within a second', async () => {
      const base = await listen(second);
      const q = await createQuestion(first);
      const inbox = await openStream(base, '/api/events/', { 'X-Session-Id': q.session as string });
      const thread = await openStream(base, `/api/events/?question=${q.id}`);
      await inbox.next(unreadIs(0));
      const started = Date.now();
      const a = await createAnswer(first, q.id);
      await thread.next(
        (e) => e.event === 'reply' && JSON.parse(e.data ?? '').answer === a.id,
        1_000,
      );
      await inbox.next(unreadIs(1), 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      inbox.close();
      thread.close();
    });
  });
}
