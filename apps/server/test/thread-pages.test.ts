/**
 * A long thread comes in pages (lib/thread-pages.ts): the detail holds the first top-level
 * answers with a bounded part of their replies, `answers_next` (and `Link: rel="next"`) the
 * rest, and an answer whose replies are cut says where the others are. Walking every page
 * gives the whole thread once, in the thread's order, to strangers and authors alike.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { type Author, createAnswer, createQuestion, nextPage } from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

interface Node {
  id: number;
  parent_id: number | null;
  text: string;
  gender: string;
  liked: boolean;
  session_id: string | null;
  replies: Node[];
  replies_more?: number;
  replies_next?: string;
}

interface Detail {
  answer_count: number;
  answers: Node[];
  answers_next: string | null;
  perspectives: { gender: Record<string, number> };
}

const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.replies)]);

async function get<T>(ctx: TestContext, url: string, auth: Author = {}) {
  const res = await ctx.request({ method: 'GET', url, ...auth });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<T & { answers_next: string | null }>();
  // The header and the field name the same next page.
  expect(nextPage(res.headers.link)).toBe(body.answers_next);
  return { body, bytes: res.rawPayload.length };
}

/** Every answer of the thread, page by page, and the top level's order. */
async function walk(ctx: TestContext, questionId: number, auth: Author = {}) {
  const { body: detail } = await get<Detail>(ctx, `/api/questions/${questionId}/`, auth);
  const seen: Node[] = [];
  const top: number[] = [];
  let requests = 1;
  // Follows one answer's cut replies, and theirs, to the end.
  const visit = async (nodes: Node[]): Promise<void> => {
    for (const node of nodes) {
      seen.push(node);
      let replies = node.replies;
      let next = node.replies_next ?? null;
      expect(next === null).toBe(node.replies_more === undefined);
      const more: Node[] = [];
      while (next !== null) {
        requests += 1;
        const { body } = await get<{ answers: Node[] }>(ctx, next, auth);
        more.push(...body.answers);
        next = body.answers_next;
      }
      if (node.replies_more !== undefined) {
        // Only direct replies are counted, and all of them come.
        expect(more.length).toBe(node.replies_more);
      }
      replies = [...replies, ...more];
      for (const reply of replies) expect(reply.parent_id).toBe(node.id);
      // Replies keep posting order across pages.
      expect(replies.map((r) => r.id)).toEqual(replies.map((r) => r.id).sort((a, b) => a - b));
      await visit(replies);
    }
  };
  let page = detail.answers;
  let next = detail.answers_next;
  for (;;) {
    top.push(...page.map((n) => n.id));
    await visit(page);
    if (next === null) break;
    requests += 1;
    expect(requests).toBeLessThan(500);
    const { body } = await get<{ answers: Node[] }>(ctx, next, auth);
    page = body.answers;
    next = body.answers_next;
  }
  return { detail, seen, top };
}

/**
 * A thread of 120 top-level answers (one of them, the 100th, marked "This helped"; every
 * other one by a woman), the second with 250 replies of its own, the first of these with a
 * chain 3 deep; the first answer and the last are by known keys.
 */
async function longThread(ctx: TestContext) {
  const q = await createQuestion(ctx);
  const first = await createAnswer(ctx, q.id, { text: 'the first, mine' });
  const db = ctx.database.db;
  await sql`
    INSERT INTO answers (question_id, text, gender)
    SELECT ${q.id}, 'top ' || i, CASE WHEN i % 2 = 0 THEN 'W' ELSE 'M' END
    FROM generate_series(1, 118) AS i`.execute(db);
  const { rows: tops } = await sql<{ id: number }>`
    SELECT id FROM answers WHERE question_id = ${q.id} ORDER BY id`.execute(db);
  const wideParent = (tops[1] as { id: number }).id;
  await sql`
    INSERT INTO answers (question_id, parent_id, text)
    SELECT ${q.id}, ${wideParent}, 'wide ' || i FROM generate_series(1, 250) AS i`.execute(db);
  const { rows: wide } = await sql<{ id: number }>`
    SELECT id FROM answers WHERE parent_id = ${wideParent} ORDER BY id LIMIT 1`.execute(db);
  let parent = (wide[0] as { id: number }).id;
  for (let depth = 0; depth < 3; depth += 1) {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO answers (question_id, parent_id, text)
      VALUES (${q.id}, ${parent}, ${`deep ${depth}`}) RETURNING id`.execute(db);
    parent = (rows[0] as { id: number }).id;
  }
  const helped = (tops[99] as { id: number }).id;
  await sql`UPDATE answers SET helpful = true WHERE id = ${helped}`.execute(db);
  await sql`UPDATE questions SET helpful_count = 1 WHERE id = ${q.id}`.execute(db);
  const last = await createAnswer(ctx, q.id, { text: 'the last, mine too' });
  await sql`
    UPDATE questions SET answer_count = (SELECT count(*) FROM answers WHERE question_id = ${q.id})
    WHERE id = ${q.id}`.execute(db);
  const { rows: all } = await sql<{ id: number; parent_id: number | null }>`
    SELECT id, parent_id FROM answers WHERE question_id = ${q.id} ORDER BY id`.execute(db);
  const topLevel = all.filter((a) => a.parent_id === null).map((a) => a.id);
  return {
    q,
    first,
    last,
    helped,
    all: all.map((a) => a.id),
    // Helped branches first, then posting order.
    order: [helped, ...topLevel.filter((id) => id !== helped)],
  };
}

describeEachEngine('long threads in pages', (ctx) => {
  let thread: Awaited<ReturnType<typeof longThread>>;
  beforeAll(async () => {
    thread = await longThread(ctx);
  });

  it('gives the first 50 top-level answers, at most 100 in all, and a next page', async () => {
    const { body } = await get<Detail>(ctx, `/api/questions/${thread.q.id}/`);
    expect(body.answers).toHaveLength(50);
    expect(flat(body.answers).length).toBeLessThanOrEqual(100);
    expect(body.answers_next).toMatch(
      new RegExp(`^/api/questions/${thread.q.id}/answers/\\?cursor=`),
    );
    expect(body.answers.map((n) => n.id)).toEqual(thread.order.slice(0, 50));
    // The counts describe the whole thread, not the page.
    expect(body.answer_count).toBe(thread.all.length);
    const counted = Object.values(body.perspectives.gender).reduce((a, b) => a + b, 0);
    expect(counted).toBe(thread.all.length);
    // The wide branch is cut, and says so.
    const wide = body.answers.find((n) => n.replies.length > 0 && n.replies_more !== undefined);
    expect(wide?.replies_more).toBe(250 - (wide?.replies.length ?? 0));
  });

  it('walks to every answer exactly once, in the thread order, as a stranger', async () => {
    const { seen, top } = await walk(ctx, thread.q.id);
    expect(top).toEqual(thread.order);
    const ids = seen.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(thread.all);
    expect(seen.every((n) => n.session_id === null)).toBe(true);
  });

  it('gives an author the same pages with their own answers marked, and a liker its likes', async () => {
    const asFirst = await walk(ctx, thread.q.id, { session: thread.first.session });
    expect(asFirst.top).toEqual(thread.order);
    expect(asFirst.seen.filter((n) => n.session_id !== null).map((n) => n.id)).toEqual([
      thread.first.id,
    ]);
    const asLast = await walk(ctx, thread.q.id, { session: thread.last.session });
    expect(asLast.seen.filter((n) => n.session_id !== null).map((n) => n.id)).toEqual([
      thread.last.id,
    ]);
    expect(asLast.seen.find((n) => n.id === thread.last.id)?.session_id).toBe(thread.last.session);

    const liker = newSession();
    const liked = thread.order[110] as number;
    const like = await ctx.request({
      method: 'POST',
      url: `/api/answers/${liked}/like/`,
      body: { session_id: liker },
    });
    expect(like.statusCode, like.body).toBe(200);
    const asLiker = await walk(ctx, thread.q.id, { session: liker });
    expect(asLiker.seen.filter((n) => n.liked).map((n) => n.id)).toEqual([liked]);
    expect(asLiker.seen.every((n) => n.session_id === null)).toBe(true);
    const asStranger = await walk(ctx, thread.q.id);
    expect(asStranger.seen.some((n) => n.liked)).toBe(false);
  });

  it('pages a perspective too, keeping its filter', async () => {
    const url = `/api/questions/${thread.q.id}/?perspective_gender=W`;
    const { body } = await get<Detail>(ctx, url);
    expect(body.answers).toHaveLength(50);
    const next = body.answers_next as string;
    const { body: rest } = await get<{ answers: Node[] }>(ctx, next);
    expect(rest.answers_next).toBeNull();
    const all = [...body.answers, ...rest.answers];
    expect(all).toHaveLength(59);
    expect(all.every((n) => n.gender === 'W' && n.replies.length === 0)).toBe(true);
  });

  it('refuses a bad cursor, or another question’s, with a 400', async () => {
    const { body } = await get<Detail>(ctx, `/api/questions/${thread.q.id}/`);
    const cursor = new URL(body.answers_next as string, 'http://x').searchParams.get('cursor');
    const other = await createQuestion(ctx);
    for (const url of [
      `/api/questions/${thread.q.id}/answers/?cursor=nonsense`,
      `/api/questions/${thread.q.id}/answers/?cursor=${cursor}x`,
      `/api/questions/${thread.q.id}/answers/`,
      `/api/questions/${other.id}/answers/?cursor=${cursor}`,
    ]) {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('answers 404 for the pages of a hidden or deleted question', async () => {
    const q = await createQuestion(ctx);
    await sql`
      INSERT INTO answers (question_id, text) SELECT ${q.id}, 'a' || i
      FROM generate_series(1, 60) AS i`.execute(ctx.database.db);
    const { body } = await get<Detail>(ctx, `/api/questions/${q.id}/`);
    const next = body.answers_next as string;
    expect((await ctx.request({ method: 'GET', url: next })).statusCode).toBe(200);

    await sql`UPDATE questions SET hidden_at = now() WHERE id = ${q.id}`.execute(ctx.database.db);
    const hidden = await get<Detail>(ctx, `/api/questions/${q.id}/`);
    expect(hidden.body.answers).toEqual([]);
    expect(hidden.body.answers_next).toBeNull();
    expect((await ctx.request({ method: 'GET', url: next })).statusCode).toBe(404);
    // Its author still reads it.
    expect((await ctx.request({ method: 'GET', url: next, session: q.session })).statusCode).toBe(
      200,
    );

    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/questions/${q.id}/`,
      session: q.session,
    });
    expect(del.statusCode, del.body).toBe(204);
    expect((await ctx.request({ method: 'GET', url: next })).statusCode).toBe(404);
  });

  it('answers a 10,000-answer thread in pages under 100 KB', async () => {
    const q = await createQuestion(ctx);
    // About 300 characters a reply.
    const text = 'Be patient, be kind, and say what you want plainly. '.repeat(6);
    await sql`
      INSERT INTO answers (question_id, text) SELECT ${q.id}, ${text} || i
      FROM generate_series(1, 9000) AS i`.execute(ctx.database.db);
    await sql`
      INSERT INTO answers (question_id, parent_id, text)
      SELECT ${q.id}, (SELECT min(id) + (i % 200) FROM answers WHERE question_id = ${q.id}),
        ${text} || i
      FROM generate_series(1, 1000) AS i`.execute(ctx.database.db);
    const url = `/api/questions/${q.id}/`;
    const first = await get<Detail>(ctx, url);
    expect(first.bytes).toBeLessThan(100_000);
    expect(first.body.answers).toHaveLength(50);
    // Kept for strangers: the same bytes again, without reading the thread. A change made
    // behind the thread version's back shows that they come from the copy.
    const again = await get<Detail>(ctx, url);
    expect(again.bytes).toBe(first.bytes);
    const db = ctx.database.db;
    const firstId = first.body.answers[0]?.id as number;
    await sql`ALTER TABLE answers DISABLE TRIGGER answers_updated_bump_thread`.execute(db);
    try {
      await sql`UPDATE answers SET text = 'changed behind its back' WHERE id = ${firstId}`.execute(
        db,
      );
      const kept = await get<Detail>(ctx, url);
      expect(kept.body.answers[0]?.text).toBe(first.body.answers[0]?.text);
    } finally {
      await sql`ALTER TABLE answers ENABLE TRIGGER answers_updated_bump_thread`.execute(db);
    }
    const second = await get<{ answers: Node[] }>(ctx, first.body.answers_next as string);
    expect(second.bytes).toBeLessThan(100_000);
    expect(second.body.answers[0]?.id).toBeGreaterThan(first.body.answers[49]?.id as number);
  });

  it('keeps a page of long replies under 100 KB too, cutting it sooner', async () => {
    const q = await createQuestion(ctx);
    // Replies of 9,000 characters, two bytes each in UTF-8.
    await sql`
      INSERT INTO answers (question_id, text) SELECT ${q.id}, repeat('é', 9000) || i
      FROM generate_series(1, 30) AS i`.execute(ctx.database.db);
    const { body, bytes } = await get<Detail>(ctx, `/api/questions/${q.id}/`);
    expect(bytes).toBeLessThan(100_000);
    expect(body.answers.length).toBeGreaterThan(0);
    expect(body.answers.length).toBeLessThan(30);
    const { seen } = await walk(ctx, q.id);
    expect(seen).toHaveLength(30);
  });
});
