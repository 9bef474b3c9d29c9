/**
 * `Idempotency-Key` on every call that creates: a repeat
 * from the same identity within 24 hours answers the first response and creates nothing;
 * another identity's key never replays it; a key reused for another request is a 422; and
 * 10 parallel identical requests create one row. On every engine.
 */
import { randomBytes } from 'node:crypto';
import { API_MSG } from '@dating/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswer, createQuestion, createUser, uniqueWord } from './factories.ts';
import {
  createTestContext,
  describeEachEngine,
  ENGINES,
  newSession,
  type TestContext,
  uniqueName,
} from './harness.ts';

const newKey = () => randomBytes(16).toString('base64url');

interface Call {
  method: 'POST';
  url: string;
  body: Record<string, unknown>;
  token?: string;
  session?: string;
}

describeEachEngine('Idempotency-Key', (ctx) => {
  const send = (call: Call, key?: string, remoteAddress?: string) =>
    ctx.request({
      ...call,
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(ctx.database.db)).rows[0]?.n;

  /** Each creating call, with a body that makes what it creates findable, and a row count. */
  async function creatingCalls(author: { token?: string; session?: string }) {
    const question = await createQuestion(ctx);
    const answer = await createAnswer(ctx, question.id);
    const word = uniqueWord();
    const sessionBody = author.session ? { session_id: author.session } : {};
    const username = uniqueName('idem');
    const calls: { name: string; call: Call; rows: () => Promise<number | undefined> }[] = [
      {
        name: 'ask a question',
        call: {
          method: 'POST',
          url: '/api/questions/',
          body: { text: `<p>Should I ${word}?</p>`, tag_names: ['idem'], ...sessionBody },
          ...author,
        },
        rows: () =>
          count(
            sql`SELECT count(*)::int AS n FROM questions WHERE text = ${`<p>Should I ${word}?</p>`}`,
          ),
      },
      {
        name: 'reply',
        call: {
          method: 'POST',
          url: `/api/questions/${question.id}/answers/`,
          body: { text: `Reply ${word}`, parent_id: answer.id, ...sessionBody },
          ...author,
        },
        rows: () =>
          count(sql`SELECT count(*)::int AS n FROM answers WHERE text = ${`Reply ${word}`}`),
      },
      {
        name: 'report',
        call: {
          method: 'POST',
          url: '/api/reports/',
          body: {
            question: question.id,
            reason: 'spam',
            details: `Report ${word}`,
            ...sessionBody,
          },
          ...author,
        },
        rows: () =>
          count(sql`SELECT count(*)::int AS n FROM reports WHERE details = ${`Report ${word}`}`),
      },
      {
        name: 'like a question',
        call: {
          method: 'POST',
          url: `/api/questions/${question.id}/like/`,
          body: sessionBody,
          ...author,
        },
        rows: () =>
          count(
            sql`SELECT count(*)::int AS n FROM question_likes WHERE question_id = ${question.id}`,
          ),
      },
      {
        name: 'like an answer',
        call: {
          method: 'POST',
          url: `/api/answers/${answer.id}/like/`,
          body: sessionBody,
          ...author,
        },
        rows: () =>
          count(sql`SELECT count(*)::int AS n FROM answer_likes WHERE answer_id = ${answer.id}`),
      },
      {
        name: 'register',
        call: {
          method: 'POST',
          url: '/api/register/',
          body: { username, password: 'long enough pw', password2: 'long enough pw' },
          ...author,
        },
        rows: () =>
          count(
            sql`SELECT count(*)::int AS n FROM users WHERE lower(username) = ${username.toLowerCase()}`,
          ),
      },
    ];
    return calls;
  }

  it('answers a repeat with the first response and creates nothing, for every creating call', async () => {
    const user = await createUser(ctx);
    for (const author of [{ session: newSession() }, { token: user.access }]) {
      for (const { name, call, rows } of await creatingCalls(author)) {
        const key = newKey();
        const first = await send(call, key);
        expect(first.statusCode, `${name}: ${first.body}`).toBeLessThan(300);
        expect(first.headers['idempotency-replayed']).toBeUndefined();
        for (let i = 0; i < 2; i += 1) {
          const again = await send(call, key);
          expect(again.statusCode, name).toBe(first.statusCode);
          expect(again.json(), name).toEqual(first.json());
          expect(again.headers['idempotency-replayed'], name).toBe('true');
          expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
        }
        expect(await rows(), name).toBe(1);
        // Without a key, or with a new one, a request is new (here: a repeat like, a second
        // report of one target by one reporter and a taken username are refused).
        const fresh = await send(call, newKey());
        if (name.startsWith('like') || name === 'report' || name === 'register') {
          expect(fresh.statusCode, name).toBe(400);
          expect(await rows(), name).toBe(1);
        } else {
          expect(fresh.statusCode).toBe(201);
          expect(await rows(), name).toBe(2);
        }
      }
    }
  });

  it('never replays one identity’s response to another, whatever key it sends', async () => {
    const key = newKey();
    const alice = newSession();
    const bob = newSession();
    const ask = (session: string) =>
      send(
        {
          method: 'POST',
          url: '/api/questions/',
          body: { text: '<p>Same words, two people</p>', session_id: session },
          session,
        },
        key,
      );
    const first = await ask(alice);
    const second = await ask(bob);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotency-replayed']).toBeUndefined();
    expect(second.json().id).not.toBe(first.json().id);
    expect(second.json().session_id).toBe(bob);
    // Signed-in users: one user's key is not another's; nor an anonymous key a user's.
    const u1 = await createUser(ctx);
    const u2 = await createUser(ctx);
    const ids = new Set<number>([first.json().id, second.json().id]);
    for (const token of [u1.access, u2.access]) {
      const res = await send(
        {
          method: 'POST',
          url: '/api/questions/',
          body: { text: '<p>Same words, two people</p>' },
          token,
        },
        key,
      );
      expect(res.statusCode).toBe(201);
      ids.add(res.json().id);
    }
    expect(ids.size).toBe(4);
    // Visitors with neither a session nor a token are told apart by their address.
    const register = (remoteAddress: string, username: string) =>
      send(
        {
          method: 'POST',
          url: '/api/register/',
          body: { username, password: 'long enough pw', password2: 'long enough pw' },
        },
        key,
        remoteAddress,
      );
    const name = uniqueName('idem');
    expect((await register('10.40.0.1', name)).statusCode).toBe(201);
    expect((await register('10.40.0.1', name)).headers['idempotency-replayed']).toBe('true');
    const elsewhere = await register('10.40.0.2', name);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ username: [API_MSG.usernameTaken] });
  });

  it('keeps the response, but never the anonymous session id in the clear', async () => {
    const session = newSession();
    const key = newKey();
    const call: Call = {
      method: 'POST',
      url: '/api/questions/',
      body: { text: '<p>Is my session kept?</p>', session_id: session },
      session,
    };
    const first = await send(call, key);
    expect(first.json().session_id).toBe(session);
    const stored = await ctx.database.db.selectFrom('idempotency_keys').select('body').execute();
    const all = stored.map((row) => row.body ?? '').join('\n');
    expect(all).toContain('Is my session kept?');
    expect(all).not.toContain(session);
    const again = await send(call, key);
    expect(again.json()).toEqual(first.json());
    expect(again.json().session_id).toBe(session);
  });

  it('refuses a key reused for another request with 422', async () => {
    const session = newSession();
    const key = newKey();
    const ask = (text: string) =>
      send(
        { method: 'POST', url: '/api/questions/', body: { text, session_id: session }, session },
        key,
      );
    expect((await ask('<p>First question</p>')).statusCode).toBe(201);
    const other = await ask('<p>Another question</p>');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      code: 'idempotencyKeyReused',
      detail: API_MSG.idempotencyKeyReused,
    });
    const question = await createQuestion(ctx);
    const elsewhere = await send(
      {
        method: 'POST',
        url: `/api/questions/${question.id}/answers/`,
        body: { text: '<p>First question</p>', session_id: session },
        session,
      },
      key,
    );
    expect(elsewhere.statusCode).toBe(422);
    // The same body with its keys in another order is the same request.
    const reordered = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      session,
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
      body: `{"session_id":"${session}","text":"<p>First question</p>"}`,
    });
    expect(reordered.statusCode).toBe(201);
    expect(reordered.headers['idempotency-replayed']).toBe('true');
  });

  it('keeps nothing for a request that failed, so that it can be retried', async () => {
    const session = newSession();
    const key = newKey();
    const question = await createQuestion(ctx);
    const reply = (parent: number) =>
      send(
        {
          method: 'POST',
          url: `/api/questions/${question.id}/answers/`,
          body: { text: 'A reply', parent_id: parent, session_id: session },
          session,
        },
        key,
      );
    const missing = await reply(2_000_000_000);
    expect(missing.statusCode).toBe(400);
    const parent = await createAnswer(ctx, question.id);
    const ok = await reply(parent.id);
    expect(ok.statusCode).toBe(201);
    expect(ok.headers['idempotency-replayed']).toBeUndefined();
  });

  it('validates the key: 8 to 128 characters of letters, digits, _ and -', async () => {
    const session = newSession();
    const call: Call = {
      method: 'POST',
      url: '/api/questions/',
      body: { text: '<p>Which key?</p>', session_id: session },
      session,
    };
    for (const bad of [
      'short',
      'x'.repeat(129),
      'has space in it',
      'dots.are.out',
      'ünïcödé-key',
      '',
    ]) {
      const res = await send(call, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({
        code: 'idempotencyKeyInvalid',
        detail: API_MSG.idempotencyKeyInvalid,
      });
    }
    for (const good of ['abcdefgh', 'A'.repeat(128), 'a_b-c_d-1234']) {
      expect((await send(call, good)).statusCode).toBe(201);
    }
    expect(
      await count(sql`SELECT count(*)::int AS n FROM questions WHERE text = '<p>Which key?</p>'`),
    ).toBe(3);
  });

  it('creates one row for 10 parallel identical requests; each gets the response or a 409', async () => {
    const user = await createUser(ctx);
    for (const author of [{ session: newSession() }, { token: user.access }]) {
      for (const { name, call, rows } of await creatingCalls(author)) {
        const key = newKey();
        const answers = await Promise.all(Array.from({ length: 10 }, () => send(call, key)));
        expect(await rows(), name).toBe(1);
        const created = answers.filter((res) => res.statusCode < 300);
        expect(created.length, name).toBeGreaterThan(0);
        for (const res of created) expect(res.json(), name).toEqual(created[0]?.json());
        for (const res of answers.filter((r) => r.statusCode >= 300)) {
          expect(res.statusCode, name).toBe(409);
          expect(res.json()).toEqual({
            code: 'idempotencyInProgress',
            detail: API_MSG.idempotencyInProgress,
          });
          expect(res.headers['retry-after']).toBe('1');
        }
        // Once the first is done, every repeat gets its response.
        const after = await send(call, key);
        expect(after.json()).toEqual(created[0]?.json());
      }
    }
  });

  it('forgets a key after 24 hours, and drops expired keys', async () => {
    const session = newSession();
    const key = newKey();
    const call: Call = {
      method: 'POST',
      url: '/api/questions/',
      body: { text: '<p>A day later</p>', session_id: session },
      session,
    };
    const first = await send(call, key);
    expect((await send(call, key)).headers['idempotency-replayed']).toBe('true');
    await ctx.database.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('expires_at', '>', new Date())
      .execute();
    const later = await send(call, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotency-replayed']).toBeUndefined();
    expect(later.json().id).not.toBe(first.json().id);
    // Made stale again, the keys go when an instance starts (and every ten minutes).
    await ctx.database.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const other = await createTestContext(ctx.engine, { database: ctx.database });
    await other.close();
    expect(await count(sql`SELECT count(*)::int AS n FROM idempotency_keys`)).toBe(0);
  });

  it('keeps the response in the creating transaction, so a lost one is replayed', async () => {
    const session = newSession();
    const key = newKey();
    const call: Call = {
      method: 'POST',
      url: '/api/questions/',
      body: { text: '<p>Kept with the question</p>', session_id: session },
      session,
    };
    // Every row the request wrote, the key's response among them, commits at once: the
    // response is there as soon as the question is, before any response is sent.
    const first = await send(call, key);
    expect(first.statusCode).toBe(201);
    const kept = await ctx.database.db
      .selectFrom('idempotency_keys')
      .select(['status', 'body'])
      .where('body', 'like', '%Kept with the question%')
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe(201);
    const again = await send(call, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('answers 409 for a key left without a response (written before responses were kept)', async () => {
    const session = newSession();
    const key = newKey();
    const call: Call = {
      method: 'POST',
      url: '/api/questions/',
      body: { text: '<p>Cut off</p>', session_id: session },
      session,
    };
    await send(call, key);
    // What a crash between the commit and the response leaves: the key without a response.
    await ctx.database.db
      .updateTable('idempotency_keys')
      .set({ status: null, body: null })
      .where('body', 'like', '%Cut off%')
      .execute();
    const inFlight = await send(call, key);
    expect(inFlight.statusCode).toBe(409);
    expect(inFlight.json()).toEqual({
      code: 'idempotencyInProgress',
      detail: API_MSG.idempotencyInProgress,
    });
    await ctx.database.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 5 * 60_000) })
      .where('status', 'is', null)
      .execute();
    const lost = await send(call, key);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toEqual({
      code: 'idempotencyResponseLost',
      detail: API_MSG.idempotencyResponseLost,
    });
    expect(
      await count(sql`SELECT count(*)::int AS n FROM questions WHERE text = '<p>Cut off</p>'`),
    ).toBe(1);
  });
});

for (const engine of ENGINES) {
  describe(`Idempotency-Key and rate limits [${engine}]`, () => {
    let ctx: TestContext & { close(): Promise<void> };
    beforeAll(async () => {
      ctx = await createTestContext(engine, { env: { RATE_LIMITS: 'on' } });
    });
    afterAll(() => ctx.close());

    it('answers a repeat without counting it again', async () => {
      const session = newSession();
      const key = newKey();
      const ask = (headers: Record<string, string>) =>
        ctx.request({
          method: 'POST',
          url: '/api/questions/',
          session,
          headers,
          body: { text: '<p>Asked once, sent three times</p>', session_id: session },
        });
      // One question per 15 seconds per identity: the repeats are answered all the same.
      const first = await ask({ 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      for (let i = 0; i < 3; i += 1) {
        const again = await ask({ 'idempotency-key': key });
        expect(again.statusCode).toBe(201);
        expect(again.json()).toEqual(first.json());
      }
      // A new request is counted as before.
      expect((await ask({ 'idempotency-key': newKey() })).statusCode).toBe(429);
    });
  });
}
