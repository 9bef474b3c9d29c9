/**
 * Long threads are kept per process (services/threads.ts) and checked against their
 * version on every read: whatever changes a thread shows at once, on this instance and on
 * another one sharing the database, and each viewer still sees only their own items as
 * theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswer, createQuestion, createUser } from './factories.ts';
import {
  createTestContext,
  describeEachEngine,
  ENGINES,
  newSession,
  type TestContext,
} from './harness.ts';

interface Node {
  id: number;
  text: string;
  likes: number;
  user: number | null;
  session_id: string | null;
  is_deleted: boolean;
  replies: Node[];
}

const LONG = 24;

async function thread(
  ctx: TestContext,
  id: number,
  auth: { token?: string; session?: string } = {},
) {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/${id}/`, ...auth });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json<{ id: number; likes: number; answers: Node[] }>();
}

const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.replies)]);

async function longThread(ctx: TestContext) {
  const q = await createQuestion(ctx);
  const answers = [];
  for (let i = 0; i < LONG; i += 1) answers.push(await createAnswer(ctx, q.id, { text: `a${i}` }));
  return { q, answers };
}

describeEachEngine('long threads, kept per process', (ctx) => {
  it('shows every change at once: replies, likes, edits and deletes', async () => {
    const { q, answers } = await longThread(ctx);
    const first = await thread(ctx, q.id);
    expect(flat(first.answers)).toHaveLength(LONG);
    expect(await thread(ctx, q.id)).toEqual(first);

    const reply = await createAnswer(ctx, q.id, { text: 'a reply', parent_id: answers[0]?.id });
    expect(flat((await thread(ctx, q.id)).answers).map((n) => n.id)).toContain(reply.id);

    const liked = answers[1];
    const like = await ctx.request({
      method: 'POST',
      url: `/api/answers/${liked?.id}/like/`,
      body: { session_id: newSession() },
    });
    expect(like.statusCode).toBe(200);
    const afterLike = flat((await thread(ctx, q.id)).answers).find((n) => n.id === liked?.id);
    expect(afterLike?.likes).toBe(1);

    const edited = answers[2];
    const edit = await ctx.request({
      method: 'PATCH',
      url: `/api/answers/${edited?.id}/`,
      session: edited?.session,
      body: { text: 'changed' },
    });
    expect(edit.statusCode).toBe(200);
    const afterEdit = flat((await thread(ctx, q.id)).answers).find((n) => n.id === edited?.id);
    expect(afterEdit?.text).toBe('changed');

    const gone = answers[3];
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/answers/${gone?.id}/`,
      session: gone?.session,
    });
    expect(del.statusCode).toBe(204);
    expect(flat((await thread(ctx, q.id)).answers).map((n) => n.id)).not.toContain(gone?.id);

    // The question's own likes come from its row, read every time.
    await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/like/`,
      body: { session_id: newSession() },
    });
    expect((await thread(ctx, q.id)).likes).toBe(1);
  });

  it('marks only the viewer own answers as theirs, signed in or anonymous', async () => {
    const { q, answers } = await longThread(ctx);
    const user = await createUser(ctx);
    const mine = await createAnswer(ctx, q.id, { token: user.access, text: 'signed in' });
    await thread(ctx, q.id); // kept now

    const stranger = flat((await thread(ctx, q.id, { session: newSession() })).answers);
    expect(stranger.every((n) => n.session_id === null && n.user === null)).toBe(true);

    const author = answers[5];
    const asAuthor = flat((await thread(ctx, q.id, { session: author?.session })).answers);
    expect(asAuthor.filter((n) => n.session_id !== null).map((n) => n.id)).toEqual([author?.id]);
    expect(asAuthor.find((n) => n.id === author?.id)?.session_id).toBe(author?.session);
    expect(asAuthor.every((n) => n.user === null)).toBe(true);

    const asUser = flat((await thread(ctx, q.id, { token: user.access })).answers);
    expect(asUser.filter((n) => n.user !== null).map((n) => [n.id, n.user])).toEqual([
      [mine.id, user.id],
    ]);
    expect(asUser.every((n) => n.session_id === null)).toBe(true);
  });
});

describe.each(ENGINES)('two instances on one database [%s]', (engine) => {
  let a: Awaited<ReturnType<typeof createTestContext>>;
  let b: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    a = await createTestContext(engine);
    b = await createTestContext(engine, { database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('an instance that kept a thread sees a change made through the other', async () => {
    const { q, answers } = await longThread(a);
    await thread(b, q.id); // b keeps it
    const reply = await createAnswer(a, q.id, { text: 'through a', parent_id: answers[0]?.id });
    expect(flat((await thread(b, q.id)).answers).map((n) => n.id)).toContain(reply.id);
  });
});
