import { API_MSG, SESSION_ID_MSG } from '@dating/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ActivityMacs } from '../src/lib/activity-macs.ts';
import { addLike, addLikes, type NewLike, removeLike } from '../src/repositories/likes.ts';
import { createAnswer, createQuestion, createUser, type TestUser } from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

type Kind = 'question' | 'answer';

const MESSAGES = {
  question: {
    user: API_MSG.alreadyLikedQuestionUser,
    session: API_MSG.alreadyLikedQuestionSession,
  },
  answer: { user: API_MSG.alreadyLikedAnswerUser, session: API_MSG.alreadyLikedAnswerSession },
} as const;

function like(
  ctx: TestContext,
  kind: Kind,
  id: number,
  auth: { token?: string; session?: string },
) {
  return ctx.request({
    method: 'POST',
    url: `/api/${kind}s/${id}/like/`,
    token: auth.token,
    body: auth.session ? { session_id: auth.session } : {},
  });
}

/** A fresh item of that kind. */
async function target(ctx: TestContext, kind: Kind) {
  const q = await createQuestion(ctx);
  return kind === 'question' ? q.id : (await createAnswer(ctx, q.id)).id;
}

/** The likes column and the number of like rows of an item, straight from the database. */
async function stored(ctx: TestContext, kind: Kind, id: number) {
  const items = kind === 'question' ? 'questions' : 'answers';
  const likes = kind === 'question' ? 'question_likes' : 'answer_likes';
  const key = kind === 'question' ? 'question_id' : 'answer_id';
  const { rows } = await sql<{ column: number; rows: number }>`
    SELECT (SELECT likes FROM ${sql.table(items)} WHERE id = ${id}) AS column,
           (SELECT count(*)::int FROM ${sql.table(likes)} WHERE ${sql.ref(key)} = ${id}) AS rows
  `.execute(ctx.database.db);
  return rows[0];
}

describeEachEngine('likes', (ctx) => {
  const users: TestUser[] = [];
  const user = async (i: number) => {
    while (users.length <= i) users.push(await createUser(ctx));
    return users[i] as TestUser;
  };

  for (const kind of ['question', 'answer'] as const) {
    describe(`POST /api/${kind}s/{id}/like/`, () => {
      it('answers 200 with the new count, once per session and once per user', async () => {
        const id = await target(ctx, kind);
        const s1 = newSession();
        const first = await like(ctx, kind, id, { session: s1 });
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json()).toEqual({ likes: 1 });
        const second = await like(ctx, kind, id, { session: newSession() });
        expect(second.json()).toEqual({ likes: 2 });
        const signedIn = await like(ctx, kind, id, { token: (await user(0)).access });
        expect(signedIn.statusCode).toBe(200);
        expect(signedIn.json()).toEqual({ likes: 3 });
        // The X-Session-Id header identifies an anonymous liker too.
        const byHeader = await ctx.request({
          method: 'POST',
          url: `/api/${kind}s/${id}/like/`,
          session: newSession(),
        });
        expect(byHeader.statusCode, byHeader.body).toBe(200);
        expect(byHeader.json()).toEqual({ likes: 4 });
        // A signed-in liker may send no body at all ("empty or session_id").
        const noBody = await ctx.request({
          method: 'POST',
          url: `/api/${kind}s/${id}/like/`,
          token: (await user(1)).access,
        });
        expect(noBody.statusCode, noBody.body).toBe(200);
        expect(noBody.json()).toEqual({ likes: 5 });
        expect(await stored(ctx, kind, id)).toEqual({ column: 5, rows: 5 });
      });

      it('refuses a repeat with the exact message for a session and for a user', async () => {
        const id = await target(ctx, kind);
        const session = newSession();
        expect((await like(ctx, kind, id, { session })).statusCode).toBe(200);
        const again = await like(ctx, kind, id, { session });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual({ code: expect.any(String), detail: MESSAGES[kind].session });
        // The same session through the header is the same liker.
        const header = await ctx.request({
          method: 'POST',
          url: `/api/${kind}s/${id}/like/`,
          session,
        });
        expect(header.statusCode).toBe(400);
        expect(header.json()).toEqual({ code: expect.any(String), detail: MESSAGES[kind].session });

        const u = await user(0);
        expect((await like(ctx, kind, id, { token: u.access })).statusCode).toBe(200);
        const userAgain = await like(ctx, kind, id, { token: u.access, session: newSession() });
        expect(userAgain.statusCode).toBe(400);
        expect(userAgain.json()).toEqual({ code: expect.any(String), detail: MESSAGES[kind].user });
        expect(await stored(ctx, kind, id)).toEqual({ column: 2, rows: 2 });
      });

      it('answers 404 for an unknown item and 400 for an anonymous liker without session', async () => {
        for (const bad of ['2147483647', '0', 'abc', '99999999999']) {
          const res = await ctx.request({
            method: 'POST',
            url: `/api/${kind}s/${bad}/like/`,
            body: { session_id: newSession() },
          });
          expect(res.statusCode, bad).toBe(404);
          expect(res.json()).toEqual({ code: expect.any(String), detail: 'Not found.' });
        }
        const id = await target(ctx, kind);
        for (const body of [{}, undefined]) {
          const res = await ctx.request({ method: 'POST', url: `/api/${kind}s/${id}/like/`, body });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
        }
        const weak = await ctx.request({
          method: 'POST',
          url: `/api/${kind}s/${id}/like/`,
          body: { session_id: 'too-short' },
        });
        expect(weak.statusCode).toBe(400);
        expect(weak.json()).toEqual({ session_id: [SESSION_ID_MSG.sessionIdMalformed] });
        expect(await stored(ctx, kind, id)).toEqual({ column: 0, rows: 0 });
      });

      it('counts exactly 50 likes sent at once by 50 sessions', async () => {
        const id = await target(ctx, kind);
        const results = await Promise.all(
          Array.from({ length: 50 }, () => like(ctx, kind, id, { session: newSession() })),
        );
        expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
        const counts = results.map((r) => r.json<{ likes: number }>().likes).sort((a, b) => a - b);
        // Every response saw its own increment: the counts are 1..50, each once.
        expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
        expect(await stored(ctx, kind, id)).toEqual({ column: 50, rows: 50 });
      });

      it('lets exactly one of 20 simultaneous likes from one session through', async () => {
        const id = await target(ctx, kind);
        const session = newSession();
        const results = await Promise.all(
          Array.from({ length: 20 }, () => like(ctx, kind, id, { session })),
        );
        const statuses = results.map((r) => r.statusCode).sort();
        expect(statuses).toEqual([200, ...Array(19).fill(400)]);
        for (const r of results.filter((x) => x.statusCode === 400)) {
          expect(r.json()).toEqual({ code: expect.any(String), detail: MESSAGES[kind].session });
        }
        expect(await stored(ctx, kind, id)).toEqual({ column: 1, rows: 1 });
      });

      it('lets exactly one of 20 simultaneous likes from one user through', async () => {
        const id = await target(ctx, kind);
        const u = await user(1);
        const results = await Promise.all(
          // Each with a different session: the user, not the session, is the liker.
          Array.from({ length: 20 }, () =>
            like(ctx, kind, id, { token: u.access, session: newSession() }),
          ),
        );
        const statuses = results.map((r) => r.statusCode).sort();
        expect(statuses).toEqual([200, ...Array(19).fill(400)]);
        for (const r of results.filter((x) => x.statusCode === 400)) {
          expect(r.json()).toEqual({ code: expect.any(String), detail: MESSAGES[kind].user });
        }
        expect(await stored(ctx, kind, id)).toEqual({ column: 1, rows: 1 });
      });
    });
  }

  it('answers 200 or 404, never 500, to likes racing a delete', async () => {
    const owner = await user(0);
    for (let round = 0; round < 8; round += 1) {
      const q = await createQuestion(ctx, { token: owner.access });
      const a = await createAnswer(ctx, q.id);
      const results = await Promise.all([
        like(ctx, 'question', q.id, { session: newSession() }),
        like(ctx, 'answer', a.id, { session: newSession() }),
        ctx.request({ method: 'DELETE', url: `/api/questions/${q.id}/`, token: owner.access }),
        like(ctx, 'question', q.id, { session: newSession() }),
        like(ctx, 'answer', a.id, { session: newSession() }),
      ]);
      expect(results[2]?.statusCode).toBe(204);
      for (const res of results) expect([200, 204, 404], res.body).toContain(res.statusCode);
    }
  });

  it('takes an empty JSON body (the session in the header), and DELETE with one too', async () => {
    const user = await createUser(ctx);
    const q = await createQuestion(ctx, { token: user.access });
    const session = newSession();
    const liked = await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/like/`,
      session,
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json()).toEqual({ likes: 1 });
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/questions/${q.id}/`,
      token: user.access,
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    // A call that needs a body still says so.
    const ask = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      session,
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(ask.statusCode).toBe(400);
  });

  it('refuses likes on a "[deleted]" placeholder answer', async () => {
    const q = await createQuestion(ctx);
    const a = await createAnswer(ctx, q.id);
    await createAnswer(ctx, q.id, { parent_id: a.id });
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/answers/${a.id}/`,
      session: a.session,
    });
    expect(del.statusCode).toBe(204);
    const res = await like(ctx, 'answer', a.id, { session: newSession() });
    expect(res.statusCode).toBe(404);
  });

  it('shows the new count on the question and its answers', async () => {
    const q = await createQuestion(ctx);
    const a = await createAnswer(ctx, q.id);
    await like(ctx, 'question', q.id, { session: newSession() });
    await like(ctx, 'answer', a.id, { session: newSession() });
    await like(ctx, 'answer', a.id, { session: newSession() });
    const detail = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
    expect(detail.json()).toMatchObject({ likes: 1, answers: [{ id: a.id, likes: 2 }] });
  });

  describe('many likes in one statement (addLikes)', () => {
    const macs = new ActivityMacs('likes-test-secret');
    const key = (n: number) => macs.forKeyHash(Buffer.alloc(32, n));
    const byKey = (itemId: number, n: number): NewLike => ({
      itemId,
      by: { userId: null, activity: key(n) },
    });

    it("answers each like as alone: its own count, a batch's repeat as a duplicate, a missing item", async () => {
      const [a, b] = [await target(ctx, 'question'), await target(ctx, 'question')];
      const member = await user(0);
      const byUser = (itemId: number): NewLike => ({
        itemId,
        by: { userId: member.id, activity: null },
      });
      const results = await addLikes(ctx.database.db, 'question', [
        byKey(a, 1),
        byKey(b, 1),
        byKey(a, 2),
        byKey(a, 1), // the same key's like of a, again
        byUser(a),
        byUser(a), // the same account's, again
        byKey(2_000_000_000, 1),
        byKey(b, 3),
      ]);
      expect(results).toEqual([
        { likes: 1 },
        { likes: 1 },
        { likes: 2 },
        'duplicate',
        { likes: 3 },
        'duplicate',
        'missing',
        { likes: 2 },
      ]);
      expect(await stored(ctx, 'question', a)).toEqual({ column: 3, rows: 3 });
      expect(await stored(ctx, 'question', b)).toEqual({ column: 2, rows: 2 });
      // Stored earlier: a repeat across statements is a duplicate too.
      expect(await addLikes(ctx.database.db, 'question', [byKey(b, 1), byUser(a)])).toEqual([
        'duplicate',
        'duplicate',
      ]);
    });

    it('answers a "[deleted]" answer as missing, and likes the others of the batch', async () => {
      const q = await createQuestion(ctx);
      const gone = await createAnswer(ctx, q.id);
      await createAnswer(ctx, q.id, { parent_id: gone.id });
      const kept = await createAnswer(ctx, q.id);
      const del = await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${gone.id}/`,
        session: gone.session,
      });
      expect(del.statusCode).toBe(204);
      expect(
        await addLikes(ctx.database.db, 'answer', [byKey(gone.id, 1), byKey(kept.id, 1)]),
      ).toEqual(['missing', { likes: 1 }]);
      expect(await stored(ctx, 'answer', gone.id)).toEqual({ column: 0, rows: 0 });
    });

    // PostgreSQL only: PGlite has one connection, so nobody else can hold a row.
    it.skipIf(ctx.engine !== 'postgres')(
      'does not wait for an item another transaction holds: that like comes back busy',
      async () => {
        const [held, free] = [await target(ctx, 'question'), await target(ctx, 'question')];
        const holder = await ctx.database.pool.connect();
        try {
          await holder.query('BEGIN');
          await holder.query('SELECT id FROM questions WHERE id = $1 FOR UPDATE', [held]);
          const started = Date.now();
          const results = await addLikes(ctx.database.db, 'question', [
            byKey(held, 1),
            byKey(free, 1),
          ]);
          expect(results).toEqual(['busy', { likes: 1 }]);
          expect(Date.now() - started).toBeLessThan(1_000);
        } finally {
          await holder.query('ROLLBACK');
          holder.release();
        }
        expect(await stored(ctx, 'question', held)).toEqual({ column: 0, rows: 0 });
        // Once the item is free, its likes go through.
        const res = await like(ctx, 'question', held, { session: newSession() });
        expect(res.json()).toEqual({ likes: 1 });
      },
    );

    // PostgreSQL only: PGlite has one connection, so nobody else can hold a row.
    it.skipIf(ctx.engine !== 'postgres')(
      "never deadlocks with a lone like or an unlike of the batch's liker",
      async () => {
        const db = ctx.database.db;
        const id = await target(ctx, 'question');
        // Key 3 liked it before; key 1's lone like and key 3's unlike arrive while a batch
        // holds the question, and that batch then writes key 1's and key 3's likes too. A lone
        // like that inserted its row before it waited for the question, or an unlike that
        // deleted its row before, made the batch wait for it: a deadlock (40P01), one of
        // the two then failed with 500 (like-state.test.ts saw it).
        expect(await addLike(db, 'question', id, byKey(id, 3).by)).toEqual({ likes: 1 });
        let lone: Promise<unknown> = Promise.resolve();
        let unliked: Promise<unknown> = Promise.resolve();
        const batch = await db.transaction().execute(async (tx) => {
          expect(await addLikes(tx, 'question', [byKey(id, 2)])).toEqual([{ likes: 2 }]);
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx);
          const holder = rows[0]?.pid as number;
          lone = addLike(db, 'question', id, byKey(id, 1).by);
          unliked = db
            .transaction()
            .execute((other) => removeLike(other, 'question', id, byKey(id, 3).by));
          for (let waiting = 0; waiting < 2; await new Promise((r) => setTimeout(r, 20))) {
            const blocked = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE ${holder} = ANY(pg_blocking_pids(pid))`.execute(db);
            waiting = blocked.rows[0]?.n ?? 0;
          }
          return addLikes(tx, 'question', [byKey(id, 1), byKey(id, 3)]);
        });
        expect(batch).toEqual([{ likes: 3 }, 'duplicate']);
        expect(await lone).toBe('duplicate');
        expect(await unliked).toEqual({ likes: 2 });
        expect(await stored(ctx, 'question', id)).toEqual({ column: 2, rows: 2 });
      },
    );
  });
});
