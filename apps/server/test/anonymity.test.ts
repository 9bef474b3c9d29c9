/**
 * Anonymity that lasts and never links: strong session ids only, one identity
 * per request, fingerprints scoped to the content, thread pseudonyms, the listing of a
 * key's own posts and their move into an account.
 */
import { createHash } from 'node:crypto';
import { API_MSG, SESSION_ID_MSG } from '@dating/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  nextPage,
  type TestUser,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

const hashOf = (session: string) => createHash('sha256').update(session).digest();

interface Node {
  id: number;
  author_label: string | null;
  replies: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.replies)]);

async function labelsOf(ctx: TestContext, questionId: number) {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/${questionId}/` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ author_label: string; answers: Node[] }>();
  return {
    question: body.author_label,
    answers: new Map(flat(body.answers).map((n) => [n.id, n.author_label])),
  };
}

describeEachEngine('anonymity', (ctx) => {
  describe('session ids', () => {
    const weak: [string, string, string][] = [
      ['the nil UUID', '00000000-0000-0000-0000-000000000000', SESSION_ID_MSG.sessionIdWeak],
      ['20 times a', 'a'.repeat(20), SESSION_ID_MSG.sessionIdMalformed],
      ['20 times _', '_'.repeat(20), SESSION_ID_MSG.sessionIdMalformed],
      ['24 times a', 'a'.repeat(24), SESSION_ID_MSG.sessionIdWeak],
      [
        'a UUID v4 of four characters',
        'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        SESSION_ID_MSG.sessionIdWeak,
      ],
      ['a short id', 'abcdefghij0123456789', SESSION_ID_MSG.sessionIdMalformed],
      ['a space', `${newSession()} x`, SESSION_ID_MSG.sessionIdMalformed],
    ];

    it.each(weak)('refuses %s in the header of any call, reads included', async (_l, id, msg) => {
      const q = await createQuestion(ctx);
      for (const [method, url] of [
        ['GET', '/api/questions/'],
        ['GET', `/api/questions/${q.id}/`],
        ['GET', '/api/tags/'],
        ['GET', '/api/user/status/'],
        ['GET', '/api/my/anonymous/'],
        ['DELETE', `/api/questions/${q.id}/`],
      ] as const) {
        const res = await ctx.request({ method, url, session: id });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json()).toEqual({ session_id: [msg] });
      }
    });

    it.each(weak)('refuses %s in the body of every write', async (_l, id, msg) => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const writes: [string, Record<string, unknown>][] = [
        ['/api/questions/', { text: '<p>Hello there</p>' }],
        [`/api/questions/${q.id}/answers/`, { text: 'A reply' }],
        [`/api/questions/${q.id}/like/`, {}],
        [`/api/answers/${a.id}/like/`, {}],
        ['/api/reports/', { question: q.id, reason: 'spam' }],
      ];
      for (const [url, body] of writes) {
        const res = await ctx.request({ method: 'POST', url, body: { ...body, session_id: id } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ session_id: [msg] });
      }
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM answers WHERE question_id = ${q.id}`.execute(
        ctx.database.db,
      );
      expect(rows[0]?.n).toBe(1);
    });

    it('ignores any session id, valid or not, on a request with a valid bearer token', async () => {
      const user = await createUser(ctx);
      for (const session of ['0'.repeat(36), 'x', newSession()]) {
        const list = await ctx.request({
          method: 'GET',
          url: '/api/questions/',
          token: user.access,
          session,
        });
        expect(list.statusCode).toBe(200);
        const posted = await ctx.request({
          method: 'POST',
          url: '/api/questions/',
          token: user.access,
          session,
          body: { text: '<p>Signed in</p>', session_id: session },
        });
        expect(posted.statusCode, posted.body).toBe(201);
        expect(posted.json()).toMatchObject({ user: user.id, session_id: null });
      }
    });
  });

  describe('one identity per request', () => {
    it('stores nothing a signed-in visitor writes with a session hash', async () => {
      const user = await createUser(ctx);
      const session = newSession();
      const asBoth = { token: user.access, session };
      const q = await createQuestion(ctx, { ...asBoth, text: '<p>Mine</p>' });
      const other = await createQuestion(ctx);
      const a = await createAnswer(ctx, other.id, asBoth);
      for (const url of [`/api/questions/${other.id}/like/`, `/api/answers/${a.id}/like/`]) {
        const res = await ctx.request({
          method: 'POST',
          url,
          ...asBoth,
          body: { session_id: session },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const report = await createReport(ctx, { question: other.id }, asBoth);
      expect(report.session_id).toBeNull();

      const hash = hashOf(session);
      // Neither the key's hash (posts) nor its MACs for these targets (likes, reports).
      const macs = ctx.app.activityMacs.forKeyHash(hash);
      const stored = {
        questions: sql`session_hash = ${hash}`,
        answers: sql`session_hash = ${hash}`,
        question_likes: sql`key_mac IN (${hash}, ${macs.of('like', 'question', other.id)})`,
        answer_likes: sql`key_mac IN (${hash}, ${macs.of('like', 'answer', a.id)})`,
        reports: sql`key_mac IN (${hash}, ${macs.of('report', 'question', other.id)})`,
      };
      for (const [table, where] of Object.entries(stored)) {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${where}`.execute(
          ctx.database.db,
        );
        expect(rows[0]?.n, table).toBe(0);
      }
      const { rows } = await sql<{ user_id: number | null; key_mac: Buffer | null }>`
        SELECT user_id, key_mac FROM reports WHERE id = ${report.id}`.execute(ctx.database.db);
      expect(rows[0]).toEqual({ user_id: user.id, key_mac: null });
      expect(q).toMatchObject({ user: user.id, session_id: null });
    });
  });

  describe('reporter fingerprints', () => {
    it('look alike for one reporter on one target, and never across targets or reporters', async () => {
      // One report per reporter and target: a repeat is refused, so the rule is
      // checked on the fingerprints themselves as well as through the admin list.
      const admin = await createAdmin(ctx);
      const q1 = await createQuestion(ctx);
      const q2 = await createQuestion(ctx);
      const a1 = await createAnswer(ctx, q1.id);
      const reporter = newSession();
      const user = await createUser(ctx);
      const ids = {
        q1: await createReport(ctx, { question: q1.id }, { session: reporter }),
        q2: await createReport(ctx, { question: q2.id }, { session: reporter }),
        a1: await createReport(ctx, { answer: a1.id }, { session: reporter }),
        q1other: await createReport(ctx, { question: q1.id }, { session: newSession() }),
        q1user: await createReport(ctx, { question: q1.id }, { token: user.access }),
        q2user: await createReport(ctx, { question: q2.id }, { token: user.access }),
      };
      const res = await ctx.request({
        method: 'GET',
        url: '/api/reports/?limit=100',
        token: admin.access,
      });
      const byId = new Map(
        res.json<{ id: number; session_id: string }[]>().map((r) => [r.id, r.session_id]),
      );
      const f = (key: keyof typeof ids) => byId.get(ids[key].id);
      expect(f('q1')).toMatch(/^[0-9a-f]{12}$/);
      for (const auth of [{ session: reporter }, { token: user.access }]) {
        const again = await ctx.request({
          method: 'POST',
          url: '/api/reports/',
          ...auth,
          body: {
            question: q1.id,
            reason: 'spam',
            ...('session' in auth ? { session_id: reporter } : {}),
          },
        });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual({
          code: expect.any(String),
          detail: 'You have already reported this.',
        });
      }
      const keyMac = ctx.app.activityMacs
        .forKeyHash(hashOf(reporter))
        .of('report', 'question', q1.id);
      const sameTarget = { user_id: null, key_mac: keyMac, answer_id: null };
      expect(ctx.app.fingerprints.of({ ...sameTarget, id: 1, question_id: q1.id })).toBe(
        ctx.app.fingerprints.of({ ...sameTarget, id: 2, question_id: q1.id }),
      );
      expect(ctx.app.fingerprints.of({ ...sameTarget, id: 1, question_id: q1.id })).toBe(f('q1'));
      const distinct = [f('q1'), f('q2'), f('a1'), f('q1other'), f('q1user'), f('q2user')];
      expect(new Set(distinct).size).toBe(distinct.length);
      expect(res.body).not.toContain(reporter);
      expect(res.body).not.toContain(hashOf(reporter).toString('hex').slice(0, 8));
    });
  });

  describe('thread pseudonyms', () => {
    it('labels the asker "Asker" and others "Anon n" by first appearance, per thread', async () => {
      const p = newSession();
      const r = newSession();
      const q1 = await createQuestion(ctx);
      const q2 = await createQuestion(ctx);
      // Two people answer both questions, in opposite orders.
      const p1 = await createAnswer(ctx, q1.id, { session: p });
      const r1 = await createAnswer(ctx, q1.id, { session: r });
      const r2 = await createAnswer(ctx, q2.id, { session: r });
      const p2 = await createAnswer(ctx, q2.id, { session: p });
      const p1again = await createAnswer(ctx, q1.id, { session: p, parent_id: r1.id });
      const one = await labelsOf(ctx, q1.id);
      const two = await labelsOf(ctx, q2.id);
      expect(one.question).toBe('Asker');
      expect([one.answers.get(p1.id), one.answers.get(r1.id)]).toEqual(['Anon 1', 'Anon 2']);
      expect(one.answers.get(p1again.id)).toBe('Anon 1');
      expect([two.answers.get(r2.id), two.answers.get(p2.id)]).toEqual(['Anon 1', 'Anon 2']);
      // The same person is "Anon 1" in one thread and "Anon 2" in the other.
      expect(one.answers.get(p1.id)).not.toBe(two.answers.get(p2.id));
    });

    it('calls the asker "Asker" when they reply, anonymously or signed in', async () => {
      const asker = newSession();
      const anonymous = await createQuestion(ctx, { session: asker });
      const stranger = await createAnswer(ctx, anonymous.id);
      const reply = await createAnswer(ctx, anonymous.id, {
        session: asker,
        parent_id: stranger.id,
      });
      const labels = await labelsOf(ctx, anonymous.id);
      expect(labels.answers.get(reply.id)).toBe('Asker');
      expect(labels.answers.get(stranger.id)).toBe('Anon 1');

      const user = await createUser(ctx);
      const signedIn = await createQuestion(ctx, { token: user.access });
      const other = await createAnswer(ctx, signedIn.id);
      const own = await createAnswer(ctx, signedIn.id, { token: user.access, parent_id: other.id });
      const signedLabels = await labelsOf(ctx, signedIn.id);
      expect(signedLabels.answers.get(own.id)).toBe('Asker');
      expect(signedLabels.answers.get(other.id)).toBe('Anon 1');
    });

    it('keeps every label when an earlier author deletes their answer, and never reuses one', async () => {
      const q = await createQuestion(ctx);
      const first = await createAnswer(ctx, q.id);
      const second = await createAnswer(ctx, q.id);
      const del = await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${first.id}/`,
        session: first.session,
      });
      expect(del.statusCode).toBe(204);
      const third = await createAnswer(ctx, q.id);
      const labels = await labelsOf(ctx, q.id);
      expect(labels.answers.get(second.id)).toBe('Anon 2');
      expect(labels.answers.get(third.id)).toBe('Anon 3');
    });

    it('shows labels in every read of thread items, a kept long thread included', async () => {
      const q = await createQuestion(ctx);
      const answers = [];
      for (let i = 0; i < 22; i += 1) answers.push(await createAnswer(ctx, q.id));
      const user = await createUser(ctx);
      const mine = await createAnswer(ctx, q.id, { token: user.access });
      const uncached = await labelsOf(ctx, q.id);
      const cached = await labelsOf(ctx, q.id);
      expect(cached).toEqual(uncached);
      expect(uncached.answers.get(answers[21]?.id ?? 0)).toBe('Anon 22');
      const one = await ctx.request({ method: 'GET', url: `/api/answers/${mine.id}/` });
      expect(one.json().author_label).toBe('Anon 23');
      const my = await ctx.request({ method: 'GET', url: '/api/my/answers/', token: user.access });
      expect(my.json()[0]).toMatchObject({ id: mine.id, author_label: 'Anon 23' });
    });

    it('shows no label on a deleted placeholder', async () => {
      const q = await createQuestion(ctx);
      const parent = await createAnswer(ctx, q.id);
      await createAnswer(ctx, q.id, { parent_id: parent.id });
      await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${parent.id}/`,
        session: parent.session,
      });
      expect((await labelsOf(ctx, q.id)).answers.get(parent.id)).toBeNull();
    });
  });

  describe('a private key: listing its posts and moving them to an account', () => {
    async function listAll(session: string, limit = 2) {
      const ids: string[] = [];
      let url: string | null = `/api/my/anonymous/?limit=${limit}`;
      while (url !== null) {
        const res = await ctx.request({ method: 'GET', url, session });
        expect(res.statusCode, res.body).toBe(200);
        for (const post of res.json<{ type: string; id: number; session_id: string }[]>()) {
          expect(post.session_id).toBe(session);
          ids.push(`${post.type}:${post.id}`);
        }
        url = nextPage(res.headers.link);
      }
      return ids;
    }

    async function postWithKey(key: string) {
      const q1 = await createQuestion(ctx, { session: key, text: '<p>First <b>question</b></p>' });
      const other = await createQuestion(ctx);
      const a1 = await createAnswer(ctx, other.id, { session: key, text: 'A reply' });
      const q2 = await createQuestion(ctx, { session: key });
      const a2 = await createAnswer(ctx, q1.id, { session: key, text: 'Replying to myself' });
      return { q1, other, a1, q2, a2 };
    }

    it('lists the questions and replies of the key, newest first, paged with Link', async () => {
      const key = newSession();
      const { q1, a1, q2, a2 } = await postWithKey(key);
      await createQuestion(ctx, { session: newSession() });
      expect(await listAll(key)).toEqual([
        `answer:${a2.id}`,
        `question:${q2.id}`,
        `answer:${a1.id}`,
        `question:${q1.id}`,
      ]);
      expect(await listAll(key, 100)).toHaveLength(4);
      const first = await ctx.request({ method: 'GET', url: '/api/my/anonymous/', session: key });
      expect(first.json()[3]).toMatchObject({
        type: 'question',
        id: q1.id,
        question: q1.id,
        text: '<p>First <b>question</b></p>',
        question_text: 'First question',
        user: null,
      });
      expect(first.json()[0]).toMatchObject({ question: q1.id, text: 'Replying to myself' });
      expect(await listAll(newSession())).toEqual([]);
    });

    it('refuses a listing without a key, with a bearer token, or with a bad cursor', async () => {
      const user = await createUser(ctx);
      const none = await ctx.request({ method: 'GET', url: '/api/my/anonymous/' });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
      const signed = await ctx.request({
        method: 'GET',
        url: '/api/my/anonymous/',
        token: user.access,
        session: newSession(),
      });
      expect(signed.statusCode).toBe(400);
      expect(signed.json()).toEqual({ session_id: [API_MSG.anonymousKeyOnly] });
      for (const cursor of [
        'x',
        'eyJhdCI6LTF9',
        Buffer.from('{"at":1,"type":"q","id":1}').toString('base64url'),
      ]) {
        const res = await ctx.request({
          method: 'GET',
          url: `/api/my/anonymous/?cursor=${cursor}`,
          session: newSession(),
        });
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json()).toEqual({ cursor: ['Invalid cursor.'] });
      }
    });

    it('moves every post of a key to the signed-in account, which then owns them', async () => {
      const key = newSession();
      const { q1, a1, q2, a2, other } = await postWithKey(key);
      const user: TestUser = await createUser(ctx);
      const claim = await ctx.request({
        method: 'POST',
        url: '/api/my/claim/',
        token: user.access,
        body: { session_id: key },
      });
      expect(claim.statusCode, claim.body).toBe(200);
      expect(claim.json()).toEqual({
        questions: [q1.id, q2.id].sort((x, y) => x - y),
        answers: [a1.id, a2.id].sort((x, y) => x - y),
      });

      expect(await listAll(key)).toEqual([]);
      const mine = await ctx.request({
        method: 'GET',
        url: `/api/questions/?user_id=${user.id}`,
        token: user.access,
      });
      expect(
        mine
          .json<{ id: number }[]>()
          .map((q) => q.id)
          .sort(),
      ).toEqual([q1.id, q2.id].sort());
      const replies = await ctx.request({
        method: 'GET',
        url: '/api/my/answers/',
        token: user.access,
      });
      expect(
        replies
          .json<{ id: number }[]>()
          .map((a) => a.id)
          .sort(),
      ).toEqual([a1.id, a2.id].sort());
      const detail = await ctx.request({
        method: 'GET',
        url: `/api/questions/${q1.id}/`,
        token: user.access,
      });
      expect(detail.json()).toMatchObject({ user: user.id, session_id: null });
      expect(detail.json().answers[0]).toMatchObject({
        id: a2.id,
        user: user.id,
        author_label: 'Asker',
      });
      // The key no longer owns them, and nothing stored carries its hash.
      const edit = await ctx.request({
        method: 'PATCH',
        url: `/api/answers/${a1.id}/`,
        session: key,
        body: { text: 'x' },
      });
      expect(edit.statusCode).toBe(403);
      const theirs = await ctx.request({
        method: 'PATCH',
        url: `/api/answers/${a1.id}/`,
        token: user.access,
        body: { text: 'edited by the account' },
      });
      expect(theirs.statusCode).toBe(200);
      for (const table of ['questions', 'answers']) {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE session_hash = ${hashOf(key)}`.execute(
          ctx.database.db,
        );
        expect(rows[0]?.n, table).toBe(0);
      }
      expect(other.id).toBeGreaterThan(0);
    });

    it('claims nothing without an account or a strong key', async () => {
      const user = await createUser(ctx);
      const anonymous = await ctx.request({
        method: 'POST',
        url: '/api/my/claim/',
        session: newSession(),
        body: { session_id: newSession() },
      });
      expect(anonymous.statusCode).toBe(401);
      for (const [body, message] of [
        [{}, API_MSG.sessionInvalid],
        [{ session_id: '' }, API_MSG.sessionInvalid],
        [{ session_id: 'a'.repeat(30) }, SESSION_ID_MSG.sessionIdWeak],
        [{ session_id: 'short' }, SESSION_ID_MSG.sessionIdMalformed],
      ] as const) {
        const res = await ctx.request({
          method: 'POST',
          url: '/api/my/claim/',
          token: user.access,
          body,
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ session_id: [message] });
      }
      const empty = await ctx.request({
        method: 'POST',
        url: '/api/my/claim/',
        token: user.access,
        body: { session_id: newSession() },
      });
      expect(empty.json()).toEqual({ questions: [], answers: [] });
    });
  });
});
