/**
 * Long threads are kept per process (services/threads.ts) and checked against their
 * version on every read: whatever changes a thread shows at once, on this instance and on
 * another one sharing the database, and each viewer still sees only their own items as
 * theirs.
 */
import { API_MSG, LIMITS } from '@dating/contract';
import { sql } from 'kysely';
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
  replies_next?: string;
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

/**
 * The whole thread, its pages put together (services/threads.ts sends a long one in pages):
 * the following top-level answers, and the rest of every answer's replies. Walks the tree
 * with an explicit stack (it may be deep).
 */
async function wholeThread(
  ctx: TestContext,
  id: number,
  auth: { token?: string; session?: string } = {},
) {
  const detail = (await thread(ctx, id, auth)) as Awaited<ReturnType<typeof thread>> & {
    answers_next: string | null;
  };
  const pageAt = async (url: string) => {
    const res = await ctx.request({ method: 'GET', url, ...auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ answers: Node[]; answers_next: string | null }>();
  };
  const answers = [...detail.answers];
  for (let next = detail.answers_next; next !== null; ) {
    const page = await pageAt(next);
    answers.push(...page.answers);
    next = page.answers_next;
  }
  const pending = [...answers];
  for (let node = pending.pop(); node; node = pending.pop()) {
    for (let next = node.replies_next ?? null; next !== null; ) {
      const page = await pageAt(next);
      node.replies.push(...page.answers);
      next = page.answers_next;
    }
    for (const reply of node.replies) pending.push(reply);
  }
  return { ...detail, answers };
}

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

  it("shows the question's own changes at once: an asker's update, a like of the question", async () => {
    const { q } = await longThread(ctx);
    await thread(ctx, q.id); // the strangers' response is kept now
    const update = await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/updates/`,
      session: q.session,
      body: { text: 'We talked, it went well.', session_id: q.session },
    });
    expect(update.statusCode, update.body).toBe(201);
    const afterUpdate = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
    expect(afterUpdate.json<{ updates: { text: string }[] }>().updates.map((u) => u.text)).toEqual([
      'We talked, it went well.',
    ]);
    await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/like/`,
      body: { session_id: newSession() },
    });
    expect((await thread(ctx, q.id)).likes).toBe(1);
  });

  it('gives a key that wrote and liked nothing the strangers’ bytes, and a liker its own likes', async () => {
    const { q, answers } = await longThread(ctx);
    const asStranger = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
    const asOtherKey = await ctx.request({
      method: 'GET',
      url: `/api/questions/${q.id}/`,
      session: newSession(),
    });
    expect(asOtherKey.body).toBe(asStranger.body);

    const liker = newSession();
    const likedAnswer = answers[4];
    const like = await ctx.request({
      method: 'POST',
      url: `/api/answers/${likedAnswer?.id}/like/`,
      body: { session_id: liker },
    });
    expect(like.statusCode, like.body).toBe(200);
    const likedByLiker = flat((await thread(ctx, q.id, { session: liker })).answers)
      .filter((n) => (n as Node & { liked: boolean }).liked)
      .map((n) => n.id);
    expect(likedByLiker).toEqual([likedAnswer?.id]);
    const seenByStranger = flat((await thread(ctx, q.id)).answers);
    expect(seenByStranger.some((n) => (n as Node & { liked: boolean }).liked)).toBe(false);

    const asAsker = await ctx.request({
      method: 'GET',
      url: `/api/questions/${q.id}/`,
      session: q.session,
    });
    expect(asAsker.json<{ session_id: string | null }>().session_id).toBe(q.session);
    const again = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
    expect(again.json<{ session_id: string | null }>().session_id).toBeNull();
  });
});

/** How deep a thread goes, counted without recursion. */
function depthOf(nodes: Node[]): number {
  let deepest = 0;
  const pending: [Node, number][] = nodes.map((node) => [node, 1]);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    for (const reply of node.replies) pending.push([reply, depth + 1]);
  }
  return deepest;
}

/** Every answer of a thread, counted without recursion. */
function countOf(nodes: Node[]): number {
  let count = 0;
  const pending = [...nodes];
  for (let node = pending.pop(); node; node = pending.pop()) {
    count += 1;
    pending.push(...node.replies);
  }
  return count;
}

const STORED_DEPTH = 10_000;

describeEachEngine('reply depth', (ctx) => {
  it(`refuses a reply deeper than ${LIMITS.replyDepth} levels on parent_id`, async () => {
    const q = await createQuestion(ctx);
    const session = newSession();
    let parent: number | undefined;
    const chain: number[] = [];
    for (let depth = 1; depth <= LIMITS.replyDepth; depth += 1) {
      parent = (await createAnswer(ctx, q.id, { session, parent_id: parent, text: `d${depth}` }))
        .id;
      chain.push(parent);
    }
    const tooDeep = await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/answers/`,
      body: { text: 'one level too deep', parent_id: parent, session_id: session },
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ parent_id: [API_MSG.replyTooDeep] });
    // A reply higher up the chain is still welcome, and the thread reads whole.
    await createAnswer(ctx, q.id, { session, parent_id: chain.at(-2), text: 'beside the last' });
    const read = await thread(ctx, q.id);
    expect(depthOf(read.answers)).toBe(LIMITS.replyDepth);
    expect(countOf(read.answers)).toBe(LIMITS.replyDepth + 1);
  });

  it('reads a thread stored 10,000 levels deep, every answer at most at the depth limit', async () => {
    const q = await createQuestion(ctx);
    // Straight into the table, as a thread written before the limit could be. The review
    // broke the read at 2,300 levels; the serializer without the limit, at 10,000.
    await sql`
      DO $$
      DECLARE parent integer;
      BEGIN
        FOR i IN 1..${sql.raw(String(STORED_DEPTH))} LOOP
          INSERT INTO answers (question_id, parent_id, text)
          VALUES (${sql.raw(String(q.id))}, parent, 'level ' || i)
          RETURNING id INTO parent;
        END LOOP;
      END $$`.execute(ctx.database.db);
    for (const viewer of [{}, { session: newSession() }, {}]) {
      // A stranger (then from the copy kept per process), and another visitor: a page at a
      // time, and the whole thread page by page.
      const first = await thread(ctx, q.id, viewer);
      expect(depthOf(first.answers)).toBe(LIMITS.replyDepth);
      expect(countOf(first.answers)).toBeLessThanOrEqual(100);
      const read = await wholeThread(ctx, q.id, viewer);
      expect(depthOf(read.answers)).toBe(LIMITS.replyDepth);
      expect(countOf(read.answers)).toBe(STORED_DEPTH);
    }
    // Its author, for whom the thread is presented afresh.
    const user = await createUser(ctx);
    const deepest = await sql<{ id: number }>`
      SELECT max(id) AS id FROM answers WHERE question_id = ${q.id}`.execute(ctx.database.db);
    const reply = await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/answers/`,
      token: user.access,
      body: { text: 'under the deepest', parent_id: deepest.rows[0]?.id },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ parent_id: [API_MSG.replyTooDeep] });
    await createAnswer(ctx, q.id, { token: user.access, text: 'at the top' });
    const asAuthor = await wholeThread(ctx, q.id, { token: user.access });
    expect(countOf(asAuthor.answers)).toBe(STORED_DEPTH + 1);
    expect(depthOf(asAuthor.answers)).toBe(LIMITS.replyDepth);
    // Three walks of a 10,000-answer thread, page by page: slow on a busy 2-core machine.
  }, 120_000);
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
