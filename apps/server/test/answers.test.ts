import { API_MSG, LIMITS } from '@dating/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAdmin, createAnswer, createQuestion, createUser } from './factories.ts';
import {
  describeEachEngine,
  newSession,
  sendWhileWritesHeld,
  type TestContext,
} from './harness.ts';

interface AnswerJson {
  id: number;
  question: number;
  parent_id: number | null;
  text: string;
  likes: number;
  gender: string;
  age_range: string;
  user: number | null;
  session_id: string | null;
  is_deleted: boolean;
  replies: AnswerJson[];
}

async function detail(
  ctx: TestContext,
  id: number,
  auth: { token?: string; session?: string } = {},
) {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/${id}/`, ...auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ answer_count: number; answers: AnswerJson[] }>();
}

async function getAnswer(ctx: TestContext, id: number | string) {
  return ctx.request({ method: 'GET', url: `/api/answers/${id}/` });
}

describeEachEngine('answers', (ctx) => {
  describe('POST /api/questions/{id}/answers/', () => {
    it('creates a top-level answer: 201 with the answer, labels and ownership', async () => {
      const q = await createQuestion(ctx);
      const session = newSession();
      const res = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/answers/`,
        body: {
          text: '  Be honest <b>always</b>  ',
          gender: 'W',
          age_range: '26-35',
          session_id: session,
          likes: 10,
          user: 1,
          is_deleted: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        question: q.id,
        parent_id: null,
        // Reply text is plain text: kept as typed (trimmed), rendered as text by the app.
        text: 'Be honest <b>always</b>',
        likes: 0,
        liked: false,
        gender: 'W',
        age_range: '26-35',
        user: null,
        session_id: session,
        is_deleted: false,
        // Its author edits and deletes it, replies under it, and may not report it.
        can: { edit: true, delete: true, reply: true, report: false },
        // The first person to answer someone else's question.
        author_label: 'Anon 1',
        created_at: expect.any(String),
        edited_at: null,
        hidden: false,
        hidden_reason: null,
        helpful: false,
        // What the safety checks found (safety.test.ts): nothing here.
        pii_warnings: [],
        support: null,
      });
    });

    it('creates a nested answer under an answer of the same question', async () => {
      const user = await createUser(ctx);
      const q = await createQuestion(ctx);
      const parent = await createAnswer(ctx, q.id);
      const res = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/answers/`,
        token: user.access,
        body: { text: 'Nested', parent_id: parent.id },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ parent_id: parent.id, user: user.id, gender: 'U' });
      const d = await detail(ctx, q.id);
      expect(d.answers[0]?.replies.map((r) => r.id)).toEqual([res.json().id]);
      const nullParent = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/answers/`,
        token: user.access,
        body: { text: 'Top', parent_id: null },
      });
      expect(nullParent.statusCode).toBe(201);
      expect(nullParent.json().parent_id).toBeNull();
    });

    it('refuses a parent from another question, or an unknown parent, on parent_id', async () => {
      const q = await createQuestion(ctx);
      const elsewhere = await createQuestion(ctx);
      const foreign = await createAnswer(ctx, elsewhere.id);
      for (const parent_id of [foreign.id, 2147483647]) {
        const res = await ctx.request({
          method: 'POST',
          url: `/api/questions/${q.id}/answers/`,
          body: { text: 'Wrong parent', parent_id, session_id: newSession() },
        });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json())).toEqual(['parent_id']);
      }
      expect((await detail(ctx, q.id)).answers).toEqual([]);
    });

    it('answers 404 for an unknown question', async () => {
      for (const id of ['2147483647', '0', 'abc']) {
        const res = await ctx.request({
          method: 'POST',
          url: `/api/questions/${id}/answers/`,
          body: { text: 'Hello', session_id: newSession() },
        });
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ code: expect.any(String), detail: 'Not found.' });
      }
    });

    it('refuses blank text', async () => {
      const q = await createQuestion(ctx);
      for (const text of ['', '   ', '\n\t ']) {
        const res = await ctx.request({
          method: 'POST',
          url: `/api/questions/${q.id}/answers/`,
          body: { text, session_id: newSession() },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ text: ['Reply cannot be empty.'] });
      }
    });

    it('enforces the reply length limit, inclusive', async () => {
      const q = await createQuestion(ctx);
      const post = (text: string) =>
        ctx.request({
          method: 'POST',
          url: `/api/questions/${q.id}/answers/`,
          body: { text, session_id: newSession() },
        });
      const ok = await post('a'.repeat(LIMITS.replyTextMax));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().text).toHaveLength(LIMITS.replyTextMax);
      const over = await post('a'.repeat(LIMITS.replyTextMax + 1));
      expect(over.statusCode).toBe(400);
      expect(Object.keys(over.json())).toEqual(['text']);
    });

    it('needs a session id from an anonymous replier', async () => {
      const q = await createQuestion(ctx);
      const res = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/answers/`,
        body: { text: 'Hello' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
    });
  });

  describe('GET /api/answers/{id}/', () => {
    it('answers one answer, and 404 for unknown ids', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id, { text: 'Read me' });
      const res = await getAnswer(ctx, a.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: a.id, text: 'Read me', question: q.id, user: null });
      expect(res.json().session_id).toBeNull();
      for (const id of ['2147483647', 'abc', '0', '99999999999']) {
        expect((await getAnswer(ctx, id)).statusCode, id).toBe(404);
      }
    });
  });

  describe('PATCH /api/answers/{id}/', () => {
    it('lets the author edit by session, or by user', async () => {
      const q = await createQuestion(ctx);
      const anon = await createAnswer(ctx, q.id);
      const bySession = await ctx.request({
        method: 'PATCH',
        url: `/api/answers/${anon.id}/`,
        session: anon.session,
        body: { text: ' Edited ', likes: 7 },
      });
      expect(bySession.statusCode, bySession.body).toBe(200);
      expect(bySession.json()).toMatchObject({
        text: 'Edited',
        likes: 0,
        session_id: anon.session,
      });

      const user = await createUser(ctx);
      const mine = await createAnswer(ctx, q.id, { token: user.access });
      const byUser = await ctx.request({
        method: 'PATCH',
        url: `/api/answers/${mine.id}/`,
        token: user.access,
        body: { text: 'User edit' },
      });
      expect(byUser.statusCode).toBe(200);
      expect(byUser.json()).toMatchObject({ text: 'User edit', user: user.id });
      expect((await getAnswer(ctx, mine.id)).json().text).toBe('User edit');
    });

    it('refuses another session and another user (403), nobody (401), and blank text', async () => {
      const q = await createQuestion(ctx);
      const author = await createUser(ctx);
      const other = await createUser(ctx);
      const a = await createAnswer(ctx, q.id, { token: author.access });
      const b = await createAnswer(ctx, q.id);
      const patch = (id: number, auth: { token?: string; session?: string }, text: string) =>
        ctx.request({ method: 'PATCH', url: `/api/answers/${id}/`, ...auth, body: { text } });
      expect((await patch(b.id, { session: newSession() }, 'x')).statusCode).toBe(403);
      expect((await patch(b.id, {}, 'x')).statusCode).toBe(401);
      expect((await patch(b.id, { token: other.access }, 'x')).statusCode).toBe(403);
      expect((await patch(a.id, { token: other.access }, 'x')).statusCode).toBe(403);
      expect((await patch(a.id, { session: newSession() }, 'x')).statusCode).toBe(403);
      const blank = await patch(a.id, { token: author.access }, '   ');
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ text: ['Reply cannot be empty.'] });
      const long = await patch(a.id, { token: author.access }, 'x'.repeat(LIMITS.replyTextMax + 1));
      expect(long.statusCode).toBe(400);
      expect((await getAnswer(ctx, a.id)).json().text).toBe('Be yourself.');
      expect((await getAnswer(ctx, b.id)).json().text).toBe('Be yourself.');
      expect((await patch(2147483647, { token: author.access }, 'x')).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/answers/{id}/', () => {
    it('removes an answer without replies, and the question count follows', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const keep = await createAnswer(ctx, q.id);
      expect((await detail(ctx, q.id)).answer_count).toBe(2);
      const res = await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${a.id}/`,
        session: a.session,
      });
      expect(res.statusCode).toBe(204);
      expect((await getAnswer(ctx, a.id)).statusCode).toBe(404);
      const d = await detail(ctx, q.id);
      expect(d.answer_count).toBe(1);
      expect(d.answers.map((x) => x.id)).toEqual([keep.id]);
      const again = await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${a.id}/`,
        session: a.session,
      });
      expect(again.statusCode).toBe(404);
    });

    it('turns an answer with replies into a "[deleted]" placeholder and keeps its replies', async () => {
      const user = await createUser(ctx);
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id, { token: user.access });
      const r = await createAnswer(ctx, q.id, { parent_id: a.id, text: 'a reply' });
      const res = await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${a.id}/`,
        token: user.access,
      });
      expect(res.statusCode).toBe(204);
      const placeholder = await getAnswer(ctx, a.id);
      expect(placeholder.statusCode).toBe(200);
      expect(placeholder.json()).toMatchObject({
        is_deleted: true,
        text: '[deleted]',
        user: null,
        session_id: null,
        gender: 'U',
        age_range: 'U',
      });
      // Even its former author no longer sees it as theirs.
      const asAuthor = await ctx.request({
        method: 'GET',
        url: `/api/answers/${a.id}/`,
        token: user.access,
      });
      expect(asAuthor.json().user).toBeNull();
      const d = await detail(ctx, q.id);
      expect(d.answer_count).toBe(1);
      expect(d.answers).toHaveLength(1);
      expect(d.answers[0]).toMatchObject({ id: a.id, is_deleted: true, text: '[deleted]' });
      expect(d.answers[0]?.replies.map((x) => [x.id, x.text])).toEqual([[r.id, 'a reply']]);
      // A placeholder cannot be edited, deleted again, replied to or liked.
      const edit = await ctx.request({
        method: 'PATCH',
        url: `/api/answers/${a.id}/`,
        token: user.access,
        body: { text: 'back' },
      });
      expect(edit.statusCode).toBe(404);
      const again = await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${a.id}/`,
        token: user.access,
      });
      expect(again.statusCode).toBe(404);
      const reply = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/answers/`,
        body: { text: 'to a ghost', parent_id: a.id, session_id: newSession() },
      });
      expect(reply.statusCode).toBe(400);
      expect(Object.keys(reply.json())).toEqual(['parent_id']);
    });

    it('prunes placeholders left without replies when the last reply goes', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const b = await createAnswer(ctx, q.id, { parent_id: a.id });
      const c = await createAnswer(ctx, q.id, { parent_id: b.id });
      const sibling = await createAnswer(ctx, q.id);
      const del = (x: { id: number; session?: string }) =>
        ctx.request({ method: 'DELETE', url: `/api/answers/${x.id}/`, session: x.session });
      expect((await del(a)).statusCode).toBe(204);
      expect((await del(b)).statusCode).toBe(204);
      let d = await detail(ctx, q.id);
      expect(d.answer_count).toBe(2);
      expect(d.answers.map((x) => [x.id, x.is_deleted])).toEqual([
        [a.id, true],
        [sibling.id, false],
      ]);
      expect(d.answers[0]?.replies[0]).toMatchObject({ id: b.id, is_deleted: true });
      expect((await del(c)).statusCode).toBe(204);
      d = await detail(ctx, q.id);
      expect(d.answer_count).toBe(1);
      expect(d.answers.map((x) => x.id)).toEqual([sibling.id]);
      for (const id of [a.id, b.id, c.id]) expect((await getAnswer(ctx, id)).statusCode).toBe(404);
    });

    it('refuses anyone else (403; nobody at all 401); an admin may delete any answer', async () => {
      const q = await createQuestion(ctx);
      const user = await createUser(ctx);
      const admin = await createAdmin(ctx);
      const a = await createAnswer(ctx, q.id);
      const b = await createAnswer(ctx, q.id, { token: user.access });
      const del = (id: number, auth: { token?: string; session?: string }) =>
        ctx.request({ method: 'DELETE', url: `/api/answers/${id}/`, ...auth });
      expect((await del(a.id, { session: newSession() })).statusCode).toBe(403);
      expect((await del(a.id, {})).statusCode).toBe(401);
      expect((await del(a.id, { token: user.access })).statusCode).toBe(403);
      expect((await del(b.id, { session: newSession() })).statusCode).toBe(403);
      expect((await getAnswer(ctx, a.id)).statusCode).toBe(200);
      expect((await del(a.id, { token: admin.access })).statusCode).toBe(204);
      expect((await del(b.id, { token: admin.access })).statusCode).toBe(204);
      expect((await detail(ctx, q.id)).answer_count).toBe(0);
    });

    it('keeps answer_count equal to the visible answers through creates and deletes', async () => {
      const q = await createQuestion(ctx);
      const made = [];
      for (let i = 0; i < 3; i += 1) made.push(await createAnswer(ctx, q.id));
      const nested = await createAnswer(ctx, q.id, { parent_id: made[0]?.id });
      expect((await detail(ctx, q.id)).answer_count).toBe(4);
      const first = made[0] as { id: number; session?: string };
      await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${first.id}/`,
        session: first.session,
      });
      expect((await detail(ctx, q.id)).answer_count).toBe(3);
      await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${nested.id}/`,
        session: nested.session,
      });
      expect((await detail(ctx, q.id)).answer_count).toBe(2);
      const feed = await ctx.request({ method: 'GET', url: '/api/questions/?limit=100' });
      expect(feed.json().find((x: { id: number }) => x.id === q.id).answer_count).toBe(2);
    });
  });

  describe('replies sent at once', () => {
    it('writes them many to a transaction, each numbered, counted and told as alone', async () => {
      const questions = await Promise.all(Array.from({ length: 6 }, () => createQuestion(ctx)));
      const [q0, q1, q2, q3] = questions as [
        (typeof questions)[number],
        (typeof questions)[number],
        (typeof questions)[number],
        (typeof questions)[number],
      ];
      // Anon 1 of q0, who follows it from that reply on.
      const earlier = await createAnswer(ctx, q0.id);
      await sql`UPDATE questions SET hidden_at = now() WHERE id = ${q3.id}`.execute(
        ctx.database.db,
      );
      const sent = [
        ...questions.map((q) => ({ question: q.id, session: newSession() })),
        // More to q1: one shares the batch, the others are written alone.
        ...[0, 1, 2].map(() => ({ question: q1.id, session: newSession() })),
        { question: q0.id, session: earlier.session as string },
        { question: q2.id, session: q2.session as string },
        { question: q3.id, session: q3.session as string },
        { question: 2_000_000_000, session: newSession() },
      ];
      // Seven waiting hold at least two replies a batch may join: at most four to q1, and
      // two that write nothing (to the hidden q3 and to no question).
      const { result: replies, held } = await sendWhileWritesHeld(
        ctx,
        { table: 'answers', batches: ctx.app.replyBatches, queued: 7 },
        () =>
          Promise.all(
            sent.map(({ question, session }, i) =>
              ctx.request({
                method: 'POST',
                url: `/api/questions/${question}/answers/`,
                body: { text: `At once ${i}`, session_id: session },
              }),
            ),
          ),
      );
      const status = replies.map((res) => res.statusCode);
      // A stranger's reply to the hidden q3 is refused; its asker's is not; nobody's to none.
      expect(status).toEqual([201, 201, 201, 403, 201, 201, 201, 201, 201, 201, 201, 201, 404]);
      expect(replies[3]?.json()).toEqual({
        code: 'hiddenQuestion',
        detail: API_MSG.hiddenQuestion,
      });
      const label = (i: number) => replies[i]?.json<{ author_label: string }>().author_label;
      expect(label(0)).toBe('Anon 2');
      expect(label(9)).toBe('Anon 1');
      expect(label(10)).toBe('Asker');
      expect(label(11)).toBe('Asker');
      expect([label(1), label(6), label(7), label(8)].sort()).toEqual([
        'Anon 1',
        'Anon 2',
        'Anon 3',
        'Anon 4',
      ]);
      for (const [i, res] of replies.entries()) {
        if (res.statusCode !== 201) continue;
        expect(res.json()).toMatchObject({
          text: `At once ${i}`,
          question: sent[i]?.question,
          parent_id: null,
          session_id: sent[i]?.session,
        });
      }
      const counts = await Promise.all(
        questions.map((q) => detail(ctx, q.id, { token: undefined })),
      );
      expect(counts.map((d) => d.answer_count)).toEqual([3, 4, 2, 1, 1, 1]);
      // Each asker was told of the strangers' replies, Anon 1 of q0 of the new one, and
      // nobody of their own. (Who replied first to q0 hears of the later replies as they
      // come, in an order the test does not know.)
      const told = async (session: string | undefined) => {
        const res = await ctx.request({ method: 'GET', url: '/api/notifications/', session });
        return res.json<{ question: number; count: number; author_label: string }[]>();
      };
      expect(await told(q0.session)).toEqual([
        expect.objectContaining({ question: q0.id, count: 3 }),
      ]);
      expect(await told(earlier.session)).toEqual([
        expect.objectContaining({ question: q0.id, count: 1, author_label: 'Anon 2' }),
      ]);
      expect(await told(q1.session)).toEqual([
        expect.objectContaining({ question: q1.id, count: 4 }),
      ]);
      expect(await told(q2.session)).toEqual([
        expect.objectContaining({ question: q2.id, count: 1, author_label: 'Anon 1' }),
      ]);
      expect(await told(q3.session)).toEqual([]);
      // They did share transactions: a transaction's rows carry its id.
      const ids = replies.filter((res) => res.statusCode === 201).map((res) => res.json().id);
      const { rows } = await sql<{ transactions: number }>`
        SELECT count(DISTINCT xmin::text)::int AS transactions FROM answers
        WHERE id = ANY(${ids}::int[])`.execute(ctx.database.db);
      if (held) expect(rows[0]?.transactions).toBeLessThan(ids.length);
    });
  });

  describe('replies sent at once with an Idempotency-Key', () => {
    it('shares statements with them too, each replayed as it was answered', async () => {
      const questions = await Promise.all(Array.from({ length: 8 }, () => createQuestion(ctx)));
      const sent = questions.map((q, i) => ({
        question: q.id,
        session: newSession(),
        key: `reply-${i}-${newSession()}`,
      }));
      const send = ({ question, session, key }: (typeof sent)[number], i: number) =>
        ctx.request({
          method: 'POST',
          url: `/api/questions/${question}/answers/`,
          headers: { 'idempotency-key': key },
          body: { text: `Keyed at once ${i}`, session_id: session },
        });
      const { result: first, held } = await sendWhileWritesHeld(
        ctx,
        { table: 'answers', batches: ctx.app.replyBatches, queued: 2 },
        () => Promise.all(sent.map(send)),
      );
      for (const res of first) expect(res.statusCode, res.body).toBe(201);
      for (const [i, reply] of sent.entries()) {
        const again = await send(reply, i);
        expect(again.statusCode).toBe(201);
        expect(again.headers['idempotency-replayed']).toBe('true');
        expect(again.json()).toEqual(first[i]?.json());
      }
      const counts = await Promise.all(questions.map((q) => detail(ctx, q.id)));
      expect(counts.map((d) => d.answer_count)).toEqual(questions.map(() => 1));
      const ids = first.map((res) => res.json().id);
      const { rows } = await sql<{ transactions: number }>`
        SELECT count(DISTINCT xmin::text)::int AS transactions FROM answers
        WHERE id = ANY(${ids}::int[])`.execute(ctx.database.db);
      if (held) expect(rows[0]?.transactions).toBeLessThan(ids.length);
    });
  });

  describe('concurrent replies and deletes', () => {
    it('never loses a reply posted while its parent is deleted, nor miscounts', async () => {
      const q = await createQuestion(ctx);
      for (let round = 0; round < 12; round += 1) {
        const parent = await createAnswer(ctx, q.id);
        const [reply, del] = await Promise.all([
          ctx.request({
            method: 'POST',
            url: `/api/questions/${q.id}/answers/`,
            body: { text: `reply ${round}`, parent_id: parent.id, session_id: newSession() },
          }),
          ctx.request({
            method: 'DELETE',
            url: `/api/answers/${parent.id}/`,
            session: parent.session,
          }),
        ]);
        expect(del.statusCode, del.body).toBe(204);
        if (reply.statusCode === 201) {
          // The reply won: the parent stays as a placeholder and the reply is kept.
          expect((await getAnswer(ctx, reply.json().id)).statusCode).toBe(200);
          expect((await getAnswer(ctx, parent.id)).json()).toMatchObject({ is_deleted: true });
        } else {
          // The delete won: the reply is refused on parent_id, never a 500.
          expect(reply.statusCode, reply.body).toBe(400);
          expect(Object.keys(reply.json())).toEqual(['parent_id']);
        }
      }
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM answers WHERE question_id = ${q.id} AND NOT is_deleted
      `.execute(ctx.database.db);
      expect((await detail(ctx, q.id)).answer_count).toBe(rows[0]?.n);
    });
  });

  it('prunes a placeholder whose last two replies are deleted at the same time', async () => {
    for (let round = 0; round < 6; round += 1) {
      const q = await createQuestion(ctx);
      const parent = await createAnswer(ctx, q.id);
      const r1 = await createAnswer(ctx, q.id, { parent_id: parent.id });
      const r2 = await createAnswer(ctx, q.id, { parent_id: parent.id });
      await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${parent.id}/`,
        session: parent.session,
      });
      const results = await Promise.all(
        [r1, r2].map((r) =>
          ctx.request({ method: 'DELETE', url: `/api/answers/${r.id}/`, session: r.session }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([204, 204]);
      const d = await detail(ctx, q.id);
      expect(d.answers).toEqual([]);
      expect(d.answer_count).toBe(0);
    }
  });

  describe('GET /api/my/answers/', () => {
    it('needs a signed-in user', async () => {
      const res = await ctx.request({
        method: 'GET',
        url: '/api/my/answers/',
        session: newSession(),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: expect.any(String), detail: expect.any(String) });
    });

    it("lists one's own live replies newest first with the question as plain text", async () => {
      const me = await createUser(ctx);
      const other = await createUser(ctx);
      const q1 = await createQuestion(ctx, {
        text: '<p>First <b>question</b></p><p>para &amp; two</p>',
      });
      const q2 = await createQuestion(ctx);
      const a1 = await createAnswer(ctx, q1.id, { token: me.access, text: 'one' });
      const a2 = await createAnswer(ctx, q2.id, { token: me.access, text: 'two' });
      const a3 = await createAnswer(ctx, q1.id, {
        token: me.access,
        text: 'three',
        parent_id: a1.id,
      });
      const gone = await createAnswer(ctx, q2.id, { token: me.access, text: 'gone' });
      await createAnswer(ctx, q1.id, { token: other.access, text: 'not mine' });
      await createAnswer(ctx, q1.id, { text: 'anonymous' });
      // With a reply under it, a deleted answer stays as a placeholder: still not listed.
      await createAnswer(ctx, q2.id, { parent_id: gone.id });
      await ctx.request({ method: 'DELETE', url: `/api/answers/${gone.id}/`, token: me.access });

      const res = await ctx.request({ method: 'GET', url: '/api/my/answers/', token: me.access });
      expect(res.statusCode).toBe(200);
      const mine = res.json<(AnswerJson & { question_text: string })[]>();
      expect(mine.map((a) => a.id)).toEqual([a3.id, a2.id, a1.id]);
      expect(mine.every((a) => a.user === me.id)).toBe(true);
      expect(mine[2]?.question_text).toBe('First question para & two');
      expect(mine[2]?.question).toBe(q1.id);

      const theirs = await ctx.request({
        method: 'GET',
        url: '/api/my/answers/',
        token: other.access,
      });
      expect(theirs.json().map((a: AnswerJson) => a.text)).toEqual(['not mine']);
    });
  });
});
