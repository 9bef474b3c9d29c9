/**
 * Likes with state: every read carries `liked` for its viewer (user, or
 * anonymous session; strangers false), a kept thread included, and a like can be taken back
 * (`DELETE .../like/`, 204, idempotent) with the counters exact under concurrency.
 */
import { API_MSG } from '@dating/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAnswer, createQuestion, createUser } from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

type Kind = 'question' | 'answer';
interface Auth {
  token?: string;
  session?: string;
}

const like = (ctx: TestContext, kind: Kind, id: number, auth: Auth) =>
  ctx.request({
    method: 'POST',
    url: `/api/${kind}s/${id}/like/`,
    token: auth.token,
    body: auth.session ? { session_id: auth.session } : {},
  });

const unlike = (ctx: TestContext, kind: Kind, id: number, auth: Auth) =>
  ctx.request({ method: 'DELETE', url: `/api/${kind}s/${id}/like/`, ...auth });

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

interface Node {
  id: number;
  liked: boolean;
  replies: Node[];
}

/** Every answer of a thread, at every level, by id. */
function flatten(nodes: Node[], into = new Map<number, Node>()) {
  for (const node of nodes) {
    into.set(node.id, node);
    flatten(node.replies, into);
  }
  return into;
}

describeEachEngine('like state and unlike', (ctx) => {
  for (const kind of ['question', 'answer'] as const) {
    const target = async () => {
      const q = await createQuestion(ctx);
      return kind === 'question' ? q.id : (await createAnswer(ctx, q.id)).id;
    };

    describe(`DELETE /api/${kind}s/{id}/like/`, () => {
      it('takes the like back (204), again and again (204), with the count exact', async () => {
        const id = await target();
        const session = newSession();
        const other = newSession();
        expect((await like(ctx, kind, id, { session })).statusCode).toBe(200);
        expect((await like(ctx, kind, id, { session: other })).statusCode).toBe(200);
        const first = await unlike(ctx, kind, id, { session });
        expect(first.statusCode, first.body).toBe(204);
        expect(first.body).toBe('');
        expect(await stored(ctx, kind, id)).toEqual({ column: 1, rows: 1 });
        const again = await unlike(ctx, kind, id, { session });
        expect(again.statusCode).toBe(204);
        const never = await unlike(ctx, kind, id, { session: newSession() });
        expect(never.statusCode).toBe(204);
        expect(await stored(ctx, kind, id)).toEqual({ column: 1, rows: 1 });
        // Liked again after the unlike, then a repeat is the specification's 400.
        const relike = await like(ctx, kind, id, { session });
        expect(relike.json()).toEqual({ likes: 2 });
        const repeat = await like(ctx, kind, id, { session });
        expect(repeat.statusCode).toBe(400);
        expect(repeat.json()).toEqual({
          code: kind === 'question' ? 'alreadyLikedQuestionSession' : 'alreadyLikedAnswerSession',
          detail:
            kind === 'question'
              ? API_MSG.alreadyLikedQuestionSession
              : API_MSG.alreadyLikedAnswerSession,
        });
      });

      it("takes back a signed-in user's like by the token alone, never a session's", async () => {
        const id = await target();
        const user = await createUser(ctx);
        const session = newSession();
        await like(ctx, kind, id, { token: user.access });
        await like(ctx, kind, id, { session });
        // With a token the session is ignored: the user's like goes, the session's stays.
        const res = await ctx.request({
          method: 'DELETE',
          url: `/api/${kind}s/${id}/like/`,
          token: user.access,
          body: { session_id: session },
        });
        expect(res.statusCode, res.body).toBe(204);
        expect(await stored(ctx, kind, id)).toEqual({ column: 1, rows: 1 });
        const repeat = await like(ctx, kind, id, { token: user.access });
        expect(repeat.statusCode).toBe(200);
        const again = await like(ctx, kind, id, { token: user.access });
        expect(again.json()).toEqual({
          code: kind === 'question' ? 'alreadyLikedQuestionUser' : 'alreadyLikedAnswerUser',
          detail:
            kind === 'question' ? API_MSG.alreadyLikedQuestionUser : API_MSG.alreadyLikedAnswerUser,
        });
      });

      it('answers 404 for an unknown item and 400 without a valid session', async () => {
        for (const bad of ['2147483647', '0', 'abc']) {
          const res = await ctx.request({
            method: 'DELETE',
            url: `/api/${kind}s/${bad}/like/`,
            session: newSession(),
          });
          expect(res.statusCode, bad).toBe(404);
          expect(res.json()).toEqual({ code: expect.any(String), detail: 'Not found.' });
        }
        const id = await target();
        const none = await unlike(ctx, kind, id, {});
        expect(none.statusCode).toBe(400);
        expect(none.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
        const weak = await ctx.request({
          method: 'DELETE',
          url: `/api/${kind}s/${id}/like/`,
          body: { session_id: 'too-short' },
        });
        expect(weak.statusCode).toBe(400);
        expect(Object.keys(weak.json())).toEqual(['session_id']);
        const wrongType = await ctx.request({
          method: 'DELETE',
          url: `/api/${kind}s/${id}/like/`,
          body: { session_id: 12345 },
        });
        expect(wrongType.statusCode).toBe(400);
      });

      it('keeps the counter equal to the rows through 50 parallel likes and unlikes', async () => {
        const id = await target();
        const sessions = Array.from({ length: 5 }, () => newSession());
        // Each of 5 sessions sends 10 requests at once, likes and unlikes interleaved.
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) => {
            const session = sessions[i % 5] as string;
            return i % 2 === 0
              ? like(ctx, kind, id, { session })
              : unlike(ctx, kind, id, { session });
          }),
        );
        for (const res of results) expect([200, 204, 400], res.body).toContain(res.statusCode);
        const after = await stored(ctx, kind, id);
        expect(after?.column).toBe(after?.rows);
        expect(after?.rows).toBeLessThanOrEqual(5);
        // Every liker's state is a plain yes or no: one more unlike each leaves nothing.
        await Promise.all(sessions.map((session) => unlike(ctx, kind, id, { session })));
        expect(await stored(ctx, kind, id)).toEqual({ column: 0, rows: 0 });
      });
    });
  }

  describe('`liked` on every read', () => {
    it('marks the feed, the detail and GET /api/answers/{id}/ for the liker only', async () => {
      const liker = newSession();
      const user = await createUser(ctx);
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const reply = await createAnswer(ctx, q.id, { parent_id: a.id });
      await like(ctx, 'question', q.id, { session: liker });
      await like(ctx, 'answer', reply.id, { session: liker });
      await like(ctx, 'answer', a.id, { token: user.access });

      const feedOf = async (auth: Auth) => {
        const res = await ctx.request({ method: 'GET', url: '/api/questions/?limit=5', ...auth });
        return res.json<{ id: number; liked: boolean }[]>().find((x) => x.id === q.id);
      };
      expect((await feedOf({ session: liker }))?.liked).toBe(true);
      expect((await feedOf({ session: newSession() }))?.liked).toBe(false);
      expect((await feedOf({}))?.liked).toBe(false);
      expect((await feedOf({ token: user.access }))?.liked).toBe(false);

      const detailOf = async (auth: Auth) => {
        const res = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/`, ...auth });
        const body = res.json<{ liked: boolean; answers: Node[] }>();
        const answers = flatten(body.answers);
        return {
          question: body.liked,
          a: answers.get(a.id)?.liked,
          reply: answers.get(reply.id)?.liked,
        };
      };
      expect(await detailOf({ session: liker })).toEqual({ question: true, a: false, reply: true });
      expect(await detailOf({ token: user.access })).toEqual({
        question: false,
        a: true,
        reply: false,
      });
      expect(await detailOf({})).toEqual({ question: false, a: false, reply: false });

      const one = await ctx.request({
        method: 'GET',
        url: `/api/answers/${reply.id}/`,
        session: liker,
      });
      expect(one.json()).toMatchObject({ id: reply.id, liked: true });
      const stranger = await ctx.request({ method: 'GET', url: `/api/answers/${reply.id}/` });
      expect(stranger.json()).toMatchObject({ liked: false });
    });

    it("marks a kept long thread per viewer, and never keeps one viewer's marks for another", async () => {
      const q = await createQuestion(ctx);
      const ids: number[] = [];
      let parent: number | undefined;
      for (let i = 0; i < 24; i += 1) {
        // A chain of five levels, then top-level replies: marks at every level.
        const made = await createAnswer(ctx, q.id, i < 5 && parent ? { parent_id: parent } : {});
        if (i < 5) parent = made.id;
        ids.push(made.id);
      }
      const alice = newSession();
      const bob = newSession();
      const deepest = ids[4] as number;
      await like(ctx, 'answer', deepest, { session: alice });
      await like(ctx, 'answer', ids[20] as number, { session: bob });
      const likedBy = async (auth: Auth) => {
        const res = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/`, ...auth });
        expect(res.statusCode).toBe(200);
        const all = flatten(res.json<{ answers: Node[] }>().answers);
        expect(all.size).toBe(24);
        return [...all.values()].filter((n) => n.liked).map((n) => n.id);
      };
      // Read in turns, several times over: the kept copy serves them all.
      for (let round = 0; round < 2; round += 1) {
        expect(await likedBy({ session: alice })).toEqual([deepest]);
        expect(await likedBy({ session: bob })).toEqual([ids[20]]);
        expect(await likedBy({})).toEqual([]);
      }
      // An unlike shows at once.
      await unlike(ctx, 'answer', deepest, { session: alice });
      expect(await likedBy({ session: alice })).toEqual([]);
    });

    it("marks own content: my answers, my questions and an anonymous key's posts", async () => {
      const user = await createUser(ctx);
      const q = await createQuestion(ctx, { token: user.access });
      const a = await createAnswer(ctx, q.id, { token: user.access });
      await like(ctx, 'answer', a.id, { token: user.access });
      const mine = await ctx.request({
        method: 'GET',
        url: '/api/my/answers/',
        token: user.access,
      });
      expect(mine.json()).toEqual([expect.objectContaining({ id: a.id, liked: true })]);
      const myQuestions = await ctx.request({
        method: 'GET',
        url: `/api/questions/?user_id=${user.id}`,
        token: user.access,
      });
      expect(myQuestions.json()).toEqual([expect.objectContaining({ id: q.id, liked: false })]);

      const key = newSession();
      const anonQ = await createQuestion(ctx, { session: key });
      const anonA = await createAnswer(ctx, anonQ.id, { session: key });
      await like(ctx, 'question', anonQ.id, { session: key });
      const posts = await ctx.request({ method: 'GET', url: '/api/my/anonymous/', session: key });
      expect(posts.statusCode).toBe(200);
      expect(
        posts.json<{ type: string; id: number; liked: boolean }[]>().map((p) => [p.type, p.liked]),
      ).toEqual([
        ['answer', false],
        ['question', true],
      ]);
      expect(posts.json<{ id: number }[]>().map((p) => p.id)).toEqual([anonA.id, anonQ.id]);
    });
  });
});
