/**
 * Reports and moderation: one report per reporter and target, auto-hide at
 * MODERATION_AUTOHIDE reporters (3 by default), what a hidden item shows to whom, reviews
 * that un-hide or delete, the moderation log and the admin header's counts.
 */
import { readFile } from 'node:fs/promises';
import { API_MSG, ContentSnapshot, ModerationLogEntry } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  freshNetworkAddress,
  nextPage,
  type TestUser,
  uniqueWord,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

interface Node {
  id: number;
  text: string;
  hidden: boolean;
  replies: Node[];
}
interface Detail {
  id: number;
  text: string;
  hidden: boolean;
  tags: unknown[];
  answers: Node[];
}
interface LogEntry {
  id: number;
  action: string;
  admin: { id: number; username: string } | null;
  created_at: string;
  target_type: string;
  target_id: number | null;
  question: number | null;
  report: number | null;
  note: string | null;
  snapshot: Record<string, unknown> | null;
}

const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.replies)]);
const HIDDEN_QUESTION_TEXT = `<p>${API_MSG.hiddenQuestion}</p>`;

/** A report, by default with a fresh key from a network of its own. */
function report(
  ctx: TestContext,
  target: { question: number } | { answer: number },
  auth: { session?: string; token?: string } = { session: newSession() },
  remoteAddress = freshNetworkAddress(),
) {
  return ctx.request({
    method: 'POST',
    url: '/api/reports/',
    token: auth.token,
    remoteAddress,
    body: { ...target, reason: 'spam', ...(auth.session ? { session_id: auth.session } : {}) },
  });
}

async function detail(ctx: TestContext, id: number, auth: { token?: string; session?: string }) {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/${id}/`, ...auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Detail>();
}

describeEachEngine('moderation', (ctx) => {
  let adminUser: TestUser | undefined;
  const admin = async () => {
    adminUser ??= await createAdmin(ctx);
    return adminUser;
  };
  const asAdmin = async () => ({ token: (await admin()).access });
  const review = async (id: number, status: string, note?: string) =>
    ctx.request({
      method: 'PATCH',
      url: `/api/reports/${id}/`,
      ...(await asAdmin()),
      body: { status, ...(note === undefined ? {} : { note }) },
    });
  const log = async (url = '/api/moderation/log/?limit=100') => {
    const res = await ctx.request({ method: 'GET', url, ...(await asAdmin()) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LogEntry[]>();
  };
  const logOf = async (type: string, id: number) =>
    (await log()).filter((e) => e.target_type === type && e.target_id === id);
  const feedIds = async (auth: { token?: string; session?: string }, query = '') => {
    const res = await ctx.request({
      method: 'GET',
      url: `/api/questions/?limit=100${query}`,
      ...auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; hidden: boolean }[]>().map((q) => q.id);
  };

  describe('one report per reporter and target', () => {
    it('refuses a repeat with 400, for sessions and users, questions and answers', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const user = await createUser(ctx);
      const session = newSession();
      for (const target of [{ question: q.id }, { answer: a.id }]) {
        for (const auth of [{ session }, { token: user.access }]) {
          expect((await report(ctx, target, auth)).statusCode).toBe(201);
          const again = await report(ctx, target, auth);
          expect(again.statusCode).toBe(400);
          expect(again.json()).toEqual({
            code: expect.any(String),
            detail: 'You have already reported this.',
          });
        }
      }
      // Another reporter may still report it.
      expect((await report(ctx, { answer: a.id })).statusCode).toBe(201);
    });

    it('stores one report from 20 parallel repeats', async () => {
      const q = await createQuestion(ctx);
      const user = await createUser(ctx);
      for (const auth of [{ session: newSession() }, { token: user.access }]) {
        const results = await Promise.all(
          Array.from({ length: 20 }, () => report(ctx, { question: q.id }, auth)),
        );
        const statuses = results.map((r) => r.statusCode).sort();
        expect(statuses).toEqual([201, ...Array(19).fill(400)]);
        for (const r of results.filter((x) => x.statusCode === 400)) {
          expect(r.json()).toEqual({ code: 'alreadyReported', detail: API_MSG.alreadyReported });
        }
      }
      const pending = await ctx.request({
        method: 'GET',
        url: '/api/reports/?limit=100',
        ...(await asAdmin()),
      });
      expect(
        pending.json<{ question: number }[]>().filter((r) => r.question === q.id),
      ).toHaveLength(2);
    });

    it("refuses a report of one's own post (400) and of a missing one (404)", async () => {
      const user = await createUser(ctx);
      const own = await createQuestion(ctx, { token: user.access });
      const anon = await createQuestion(ctx);
      const reply = await createAnswer(ctx, anon.id);
      for (const [target, auth] of [
        [{ question: own.id }, { token: user.access }],
        [{ question: anon.id }, { session: anon.session }],
        [{ answer: reply.id }, { session: reply.session }],
      ] as const) {
        const res = await report(ctx, target, auth);
        expect(res.statusCode, JSON.stringify(target)).toBe(400);
        expect(res.json()).toEqual({
          code: expect.any(String),
          detail: 'You cannot report your own post.',
        });
      }
      for (const target of [{ question: 2147483647 }, { answer: 2147483647 }]) {
        const res = await report(ctx, target);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: expect.any(String), detail: 'Not found.' });
      }
    });
  });

  it("migration 0009 keeps each reporter's oldest report of a target and drops repeats", async () => {
    const file = await readFile(
      new URL('../migrations/0009_safety_moderation.sql', import.meta.url),
      'utf8',
    );
    const dedupe = file.slice(0, file.indexOf('CREATE UNIQUE INDEX'));
    const q = await createQuestion(ctx);
    const a = await createAnswer(ctx, q.id);
    const user = await createUser(ctx);
    const hash = Buffer.alloc(32, 7);
    const client = await ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      for (const key of ['question_user', 'question_key_mac', 'answer_user', 'answer_key_mac']) {
        await client.query(`DROP INDEX reports_${key}_key`);
      }
      // The column as migration 0009 knew it (0015 renamed it); all rolled back below.
      await client.query('ALTER TABLE reports RENAME COLUMN key_mac TO session_hash');
      const insert = (column: string, id: number, by: 'user' | 'session', status = 'pending') =>
        client.query<{ id: number }>(
          `INSERT INTO reports (target_type, ${column}, reason, user_id, session_hash, status, reviewed_at)
           VALUES ($1, $2, 'spam', $3, $4, $5, CASE WHEN $5 = 'pending' THEN NULL ELSE now() END)
           RETURNING id`,
          [
            column === 'question_id' ? 'question' : 'answer',
            id,
            by === 'user' ? user.id : null,
            by === 'session' ? hash : null,
            status,
          ],
        );
      const kept: number[] = [];
      for (const [column, id] of [
        ['question_id', q.id],
        ['answer_id', a.id],
      ] as const) {
        for (const by of ['user', 'session'] as const) {
          kept.push((await insert(column, id, by, 'rejected')).rows[0]?.id ?? 0);
          await insert(column, id, by);
          await insert(column, id, by);
        }
      }
      await client.query(dedupe);
      const { rows } = await client.query<{ id: number }>(
        'SELECT id FROM reports WHERE (question_id = $1 OR answer_id = $2) ORDER BY id',
        [q.id, a.id],
      );
      expect(rows.map((r) => r.id)).toEqual(kept);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  describe('auto-hide', () => {
    it('hides a question at exactly 3 reporters, for everyone but its author and admins', async () => {
      const owner = await createUser(ctx);
      const word = uniqueWord();
      const q = await createQuestion(ctx, {
        token: owner.access,
        text: `<p>About ${word}</p>`,
        tags: ['hiddentag'],
      });
      await createAnswer(ctx, q.id, { text: 'an answer' });
      const stranger = { session: newSession() };
      const search = `&search=${word}`;
      for (let i = 1; i <= 2; i += 1) {
        expect((await report(ctx, { question: q.id })).statusCode).toBe(201);
        expect((await detail(ctx, q.id, stranger)).hidden, `after ${i}`).toBe(false);
        expect(await feedIds(stranger)).toContain(q.id);
      }
      expect((await report(ctx, { question: q.id })).statusCode).toBe(201);

      const seen = await detail(ctx, q.id, stranger);
      expect(seen).toMatchObject({ id: q.id, hidden: true, text: HIDDEN_QUESTION_TEXT });
      expect(seen.answers).toEqual([]);
      expect(seen.tags).toEqual([]);
      expect(await feedIds(stranger)).not.toContain(q.id);
      expect(await feedIds(stranger, search)).not.toContain(q.id);
      expect(await feedIds({}, '&tag_id=hiddentag')).not.toContain(q.id);

      for (const auth of [{ token: owner.access }, await asAdmin()]) {
        const full = await detail(ctx, q.id, auth);
        expect(full).toMatchObject({ hidden: true, text: `<p>About ${word}</p>` });
        expect(full.answers.map((a) => a.text)).toEqual(['an answer']);
        expect(await feedIds(auth)).toContain(q.id);
        expect(await feedIds(auth, search)).toContain(q.id);
      }
      const entries = await logOf('question', q.id);
      expect(entries.map((e) => [e.action, e.admin, e.question])).toEqual([
        ['auto_hide', null, q.id],
      ]);
    });

    it('shows an anonymous author their hidden question, by their key', async () => {
      const q = await createQuestion(ctx);
      for (let i = 0; i < 3; i += 1) await report(ctx, { question: q.id });
      const own = await detail(ctx, q.id, { session: q.session });
      expect(own.hidden).toBe(true);
      expect(own.text).not.toBe(HIDDEN_QUESTION_TEXT);
      expect(await feedIds({ session: q.session })).toContain(q.id);
    });

    it('takes replies under a hidden question only from its author and admins', async () => {
      const q = await createQuestion(ctx);
      const before = await createAnswer(ctx, q.id, { text: 'before the reports' });
      for (let i = 0; i < 3; i += 1) await report(ctx, { question: q.id });
      const post = (auth: { session?: string; token?: string }, parent?: number) =>
        ctx.request({
          method: 'POST',
          url: `/api/questions/${q.id}/answers/`,
          ...auth,
          body: {
            text: 'a reply',
            ...(parent === undefined ? {} : { parent_id: parent }),
            ...(auth.session ? { session_id: auth.session } : {}),
          },
        });
      const stranger = { session: newSession() };
      for (const parent of [undefined, before.id]) {
        const refused = await post(stranger, parent);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toEqual({ code: 'hiddenQuestion', detail: API_MSG.hiddenQuestion });
      }
      // The reply's own author is a stranger to the question too.
      expect((await post({ session: before.session }, before.id)).statusCode).toBe(403);
      expect((await post({ session: q.session })).statusCode).toBe(201);
      expect((await post(await asAdmin(), before.id)).statusCode).toBe(201);
    });

    it('turns a hidden reply into a one-line notice and keeps the thread whole', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id, { text: 'rude reply' });
      const child = await createAnswer(ctx, q.id, { text: 'a reply to it', parent_id: a.id });
      for (let i = 0; i < 3; i += 1) await report(ctx, { answer: a.id });
      const nodes = (await detail(ctx, q.id, { session: newSession() })).answers;
      expect(nodes).toHaveLength(1);
      expect(nodes[0]).toMatchObject({ id: a.id, hidden: true, text: API_MSG.hiddenReply });
      expect(nodes[0]?.replies.map((n) => [n.id, n.text, n.hidden])).toEqual([
        [child.id, 'a reply to it', false],
      ]);
      // By its id, it is not there for others (presenters/ownership.ts `visibleTo`).
      const single = await ctx.request({ method: 'GET', url: `/api/answers/${a.id}/` });
      expect(single.statusCode).toBe(404);
      expect(single.json()).toEqual({ code: 'notFound', detail: API_MSG.notFound });
      for (const auth of [{ session: a.session }, await asAdmin()]) {
        const mine = flat((await detail(ctx, q.id, auth)).answers).find((n) => n.id === a.id);
        expect(mine).toMatchObject({ hidden: true, text: 'rude reply' });
        const byId = await ctx.request({ method: 'GET', url: `/api/answers/${a.id}/`, ...auth });
        expect(byId.json()).toMatchObject({ hidden: true, text: 'rude reply' });
      }
    });

    it('hides a reply of a long thread kept in memory, and shows it again on reject', async () => {
      const q = await createQuestion(ctx);
      const answers = [];
      for (let i = 0; i < 22; i += 1) {
        answers.push(await createAnswer(ctx, q.id, { text: `answer ${i}` }));
      }
      const target = answers[5];
      if (!target) throw new Error('no answer');
      const stranger = { session: newSession() };
      // Read twice: the second read is served from the kept thread.
      await detail(ctx, q.id, stranger);
      const before = flat((await detail(ctx, q.id, stranger)).answers);
      expect(before.find((n) => n.id === target.id)?.text).toBe('answer 5');
      const reports = [];
      for (let i = 0; i < 3; i += 1)
        reports.push((await report(ctx, { answer: target.id })).json());
      const hidden = flat((await detail(ctx, q.id, stranger)).answers);
      expect(hidden).toHaveLength(22);
      expect(hidden.find((n) => n.id === target.id)).toMatchObject({
        hidden: true,
        text: API_MSG.hiddenReply,
      });
      const admins = flat((await detail(ctx, q.id, await asAdmin())).answers);
      expect(admins.find((n) => n.id === target.id)).toMatchObject({ text: 'answer 5' });
      // A stranger's next read is the kept thread again, still hidden.
      expect(flat((await detail(ctx, q.id, stranger)).answers)).toEqual(hidden);

      const rejected = await review(reports[0].id, 'rejected', 'Not spam.');
      expect(rejected.statusCode, rejected.body).toBe(200);
      const shown = flat((await detail(ctx, q.id, stranger)).answers);
      expect(shown.find((n) => n.id === target.id)).toMatchObject({
        hidden: false,
        text: 'answer 5',
      });
      // The rejection judged the reply: the other reports close with it, and it stays
      // visible until three more people report it.
      const pending = await ctx.request({
        method: 'GET',
        url: '/api/reports/?limit=100',
        ...(await asAdmin()),
      });
      expect(pending.json<{ answer: number }[]>().filter((r) => r.answer === target.id)).toEqual(
        [],
      );
      expect((await report(ctx, { answer: target.id })).statusCode).toBe(201);
      expect(
        flat((await detail(ctx, q.id, stranger)).answers).find((n) => n.id === target.id)?.hidden,
      ).toBe(false);
      const entries = await logOf('answer', target.id);
      expect(entries.map((e) => [e.action, e.admin?.id ?? null, e.note, e.report])).toEqual([
        ['unhide', (await admin()).id, null, reports[0].id],
        ['reject', (await admin()).id, 'Not spam.', reports[0].id],
        ['auto_hide', null, null, null],
      ]);
    });

    it('counts the keys and accounts of one network as one reporter', async () => {
      const q = await createQuestion(ctx);
      // Fresh keys and an account, from addresses of one /24 (and one IPv6 /64): one person.
      const sybils = [
        [{ session: newSession() }, '203.0.113.5'],
        [{ session: newSession() }, '203.0.113.5'],
        [{ session: newSession() }, '203.0.113.77'],
        [{ token: (await createUser(ctx)).access }, '::ffff:203.0.113.9'],
      ] as const;
      for (const [auth, address] of sybils) {
        expect((await report(ctx, { question: q.id }, auth, address)).statusCode).toBe(201);
      }
      expect((await detail(ctx, q.id, {})).hidden).toBe(false);
      for (const address of ['2001:db8:5:6::1', '2001:db8:5:6:ffff::2']) {
        expect((await report(ctx, { question: q.id }, undefined, address)).statusCode).toBe(201);
      }
      expect((await detail(ctx, q.id, {})).hidden).toBe(false);
      // A third network: three people.
      expect((await report(ctx, { question: q.id }, undefined, '198.51.100.1')).statusCode).toBe(
        201,
      );
      expect((await detail(ctx, q.id, {})).hidden).toBe(true);
      // The reports keep no address, and their networks go once they are reviewed.
      const stored = await ctx.database.db
        .selectFrom('reports')
        .select(['reporter_net'])
        .where('question_id', '=', q.id)
        .execute();
      expect(stored).toHaveLength(7);
      expect(new Set(stored.map((r) => r.reporter_net?.toString('hex'))).size).toBe(3);
      const raw = JSON.stringify(stored);
      expect(raw).not.toContain('203.0.113');
      const listed = await ctx.request({
        method: 'GET',
        url: '/api/reports/?limit=100',
        ...(await asAdmin()),
      });
      const one = listed
        .json<{ id: number; question: number | null }[]>()
        .find((r) => r.question === q.id);
      expect((await review(one?.id as number, 'rejected')).statusCode).toBe(200);
      const closed = await ctx.database.db
        .selectFrom('reports')
        .select(['reporter_net'])
        .where('question_id', '=', q.id)
        .execute();
      expect(closed.every((r) => r.reporter_net === null)).toBe(true);
    });

    it('hides once when parallel reports cross the threshold', async () => {
      const q = await createQuestion(ctx);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => report(ctx, { question: q.id })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      expect((await detail(ctx, q.id, { session: newSession() })).hidden).toBe(true);
      expect((await logOf('question', q.id)).map((e) => e.action)).toEqual(['auto_hide']);
    });

    it('approving deletes hidden content as before, with a snapshot in the log', async () => {
      const q = await createQuestion(ctx, {
        text: '<p>Call Jessica Thompson on 07911 123456</p>',
        tags: ['snap'],
        gender: 'W',
        age_range: '26-35',
      });
      const reports = [];
      for (let i = 0; i < 3; i += 1) reports.push((await report(ctx, { question: q.id })).json());
      const approved = await review(reports[1].id, 'approved', 'Doxxing.');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(
        (await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` })).statusCode,
      ).toBe(404);
      const entries = await logOf('question', q.id);
      expect(entries.map((e) => e.action)).toEqual(['approve', 'auto_hide']);
      const entry = entries[0];
      expect(entry).toMatchObject({
        admin: { id: (await admin()).id, username: (await admin()).username },
        note: 'Doxxing.',
        report: reports[1].id,
        question: q.id,
        snapshot: {
          type: 'question',
          text: 'Call [removed] on [removed]',
          tags: ['snap'],
          gender: 'W',
          age_range: '26-35',
          likes: 0,
          answer_count: 0,
          pii_removed: ['name', 'phone'],
        },
      });
      // No author and no reporter in the log.
      const raw = JSON.stringify(entries);
      expect(raw).not.toContain(q.session ?? '-');
      for (const r of reports) expect(raw).not.toContain(r.session_id ?? '-');
      expect(Object.keys(entry?.snapshot ?? {}).sort()).toEqual(
        [
          'age_range',
          'answer_count',
          'created_at',
          'gender',
          'likes',
          'pii_removed',
          'tags',
          'text',
          'type',
        ].sort(),
      );
    });
  });

  describe('admin deletes are logged', () => {
    it("logs an admin's delete of someone else's question or answer, with a note", async () => {
      const q = await createQuestion(ctx, { text: '<p>Mail me at jo@example.com</p>' });
      const a = await createAnswer(ctx, q.id, { text: 'a reply with @myhandle' });
      const delAnswer = await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${a.id}/`,
        ...(await asAdmin()),
        body: { note: 'Contact details.' },
      });
      expect(delAnswer.statusCode).toBe(204);
      const delQuestion = await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${q.id}/`,
        ...(await asAdmin()),
      });
      expect(delQuestion.statusCode).toBe(204);
      expect((await logOf('answer', a.id))[0]).toMatchObject({
        action: 'delete',
        note: 'Contact details.',
        question: q.id,
        report: null,
        snapshot: { type: 'answer', text: 'a reply with [removed]', pii_removed: ['social'] },
      });
      expect((await logOf('question', q.id))[0]).toMatchObject({
        action: 'delete',
        note: null,
        snapshot: { type: 'question', text: 'Mail me at [removed]', pii_removed: ['email'] },
      });
    });

    it("logs nothing when people delete their own posts (an admin's too)", async () => {
      const user = await createUser(ctx);
      const q = await createQuestion(ctx, { token: user.access });
      const a = await createAnswer(ctx, q.id);
      const own = await createQuestion(ctx, { token: (await admin()).access });
      await ctx.request({ method: 'DELETE', url: `/api/answers/${a.id}/`, session: a.session });
      await ctx.request({ method: 'DELETE', url: `/api/questions/${q.id}/`, token: user.access });
      await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${own.id}/`,
        ...(await asAdmin()),
      });
      expect(await logOf('answer', a.id)).toEqual([]);
      expect(await logOf('question', q.id)).toEqual([]);
      expect(await logOf('question', own.id)).toEqual([]);
    });

    it('takes a note of at most 1,000 characters', async () => {
      const q = await createQuestion(ctx);
      const r = await createReport(ctx, { question: q.id });
      const long = await review(r.id, 'rejected', 'n'.repeat(1001));
      expect(long.statusCode).toBe(400);
      expect(Object.keys(long.json())).toEqual(['note']);
      const del = await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${q.id}/`,
        ...(await asAdmin()),
        body: { note: 12 },
      });
      expect(del.statusCode).toBe(400);
      expect(Object.keys(del.json())).toEqual(['note']);
    });
  });

  describe('GET /api/moderation/log/ and /summary/', () => {
    it('are for admins only: 401 anonymous, 403 signed-in non-admin', async () => {
      const user = await createUser(ctx);
      for (const url of ['/api/moderation/log/', '/api/moderation/summary/']) {
        const anonymous = await ctx.request({ method: 'GET', url });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toEqual({ code: expect.any(String), detail: expect.any(String) });
        const other = await ctx.request({ method: 'GET', url, token: user.access });
        expect(other.statusCode).toBe(403);
        expect(other.json()).toEqual({ code: 'forbidden', detail: API_MSG.forbidden });
      }
    });

    it('pages the log newest first through the Link header', async () => {
      for (let i = 0; i < 3; i += 1) {
        const q = await createQuestion(ctx);
        const r = await createReport(ctx, { question: q.id });
        await review(r.id, 'rejected');
      }
      const all = (await log()).map((e) => e.id);
      expect(all).toEqual([...all].sort((x, y) => y - x));
      const seen: number[] = [];
      let url: string | null = '/api/moderation/log/?limit=2';
      while (url !== null) {
        const res = await ctx.request({ method: 'GET', url, ...(await asAdmin()) });
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...res.json<LogEntry[]>().map((e) => e.id));
        url = nextPage(res.headers.link);
        if (url !== null) expect(url).toMatch(/^\/api\/moderation\/log\/\?limit=2&cursor=/);
      }
      expect(seen).toEqual(all);
      for (const cursor of ['nonsense', Buffer.from('{"log":-1}').toString('base64url')]) {
        const bad = await ctx.request({
          method: 'GET',
          url: `/api/moderation/log/?cursor=${cursor}`,
          ...(await asAdmin()),
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ cursor: ['Invalid cursor.'] });
      }
    });

    it('counts pending reports, crisis flags and hidden items', async () => {
      const before = (
        await ctx.request({ method: 'GET', url: '/api/moderation/summary/', ...(await asAdmin()) })
      ).json<{ pending: number; flagged: number; hidden: number }>();
      const q = await createQuestion(ctx, { text: '<p>He hits me when he drinks.</p>' });
      for (let i = 0; i < 3; i += 1) await report(ctx, { question: q.id });
      const res = await ctx.request({
        method: 'GET',
        url: '/api/moderation/summary/',
        ...(await asAdmin()),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        pending: before.pending + 4,
        flagged: before.flagged + 1,
        hidden: before.hidden + 1,
      });
    });
  });
});

describe('the moderation log names no reporter and no author', () => {
  it('has no field for one, at any level (the response schema drops anything else)', () => {
    expect(Object.keys(ModerationLogEntry.properties).sort()).toEqual(
      [
        'action',
        'admin',
        'counts',
        'created_at',
        'days',
        'id',
        'note',
        'question',
        'report',
        'role',
        'snapshot',
        'target_id',
        'target_type',
      ].sort(),
    );
    expect(Object.keys(ContentSnapshot.properties)).not.toContain('user');
    expect(Object.keys(ContentSnapshot.properties)).not.toContain('session_id');
  });
});
