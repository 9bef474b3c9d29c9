/**
 * Paging the feed while questions are being posted. The feed pages by id (keyset, newest
 * first), and ids are handed out as inserts begin, not as they commit: a question whose
 * transaction commits after a newer one's may be missing from a paging pass that had
 * already gone below its id. That is the documented behaviour (docs/architecture.md, "Paging while others post"): the pass
 * never shows a question twice or out of order, never misses one committed before it
 * started, and the late question is in its place on the next read of the feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, describeEachEngine, newSession, type TestContext } from './harness.ts';

const POSTS = 300;
const WRITERS = 20;
const PAGE = 20;

/** One pass through the feed by its Link headers: every id seen, in order. */
async function pageThrough(ctx: TestContext): Promise<number[]> {
  const ids: number[] = [];
  let url: string | undefined = `/api/questions/?limit=${PAGE}`;
  while (url !== undefined) {
    const res = await ctx.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(...res.json<{ id: number }[]>().map((q) => q.id));
    const link = res.headers.link;
    url = typeof link === 'string' ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
  }
  return ids;
}

async function ask(ctx: TestContext, text: string) {
  const session = newSession();
  const res = await ctx.request({
    method: 'POST',
    url: '/api/questions/',
    session,
    body: { text: `<p>${text}</p>`, session_id: session },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

describeEachEngine('feed paging during writes', (ctx) => {
  it('shows each question once, in order, and every one committed before the pass', async () => {
    /** Acknowledged questions, with when the acknowledgement came. */
    const acked: { id: number; at: number }[] = [];
    let next = 0;
    const writer = async () => {
      while (next < POSTS) {
        next += 1;
        const id = await ask(ctx, `Posted during paging ${next}?`);
        acked.push({ id, at: performance.now() });
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, writer));
    let done = false;
    void writing.then(() => {
      done = true;
    });

    let passes = 0;
    while (!done || passes < 3) {
      const startedAt = performance.now();
      const committedBefore = acked.filter((a) => a.at < startedAt).map((a) => a.id);
      const seen = await pageThrough(ctx);
      passes += 1;
      // Never twice, never out of order.
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort((a, b) => b - a)).toEqual(seen);
      // Never missing a question acknowledged before the pass began.
      const inPass = new Set(seen);
      expect(committedBefore.filter((id) => !inPass.has(id))).toEqual([]);
    }
    await writing;
    // Once the writes are done, one pass finds every acknowledged question.
    const all = await pageThrough(ctx);
    expect(new Set(all)).toEqual(new Set(acked.map((a) => a.id)));
    expect(acked).toHaveLength(POSTS);
  }, 120_000);
});

// PGlite serves one transaction at a time, so ids commit in order there and a pass
// cannot miss one: only PostgreSQL commits a lower id after a higher one.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'feed paging: what a pass may miss (PostgreSQL)',
  () => {
    let ctx: Awaited<ReturnType<typeof createTestContext>>;
    beforeAll(async () => {
      ctx = await createTestContext('postgres');
    });
    afterAll(() => ctx.close());

    it('misses a question committed after a newer one, which then tops the feed', async () => {
      const first = await ask(ctx, 'First, committed before the pass');
      const second = await ask(ctx, 'Second, committed before the pass');
      const client = await ctx.database.pool.connect();
      let late: number;
      let newer: number;
      let firstPage: number[];
      let secondPage: number[];
      try {
        await client.query('BEGIN');
        const inserted = await client.query<{ id: number }>(
          "INSERT INTO questions (text, search_text) VALUES ('<p>Late?</p>', 'Late?') RETURNING id",
        );
        late = inserted.rows[0]?.id as number;
        newer = await ask(ctx, 'Newer, committed first');
        expect(newer).toBeGreaterThan(late);
        // The first page of a pass, while the late question is still being written.
        const page1 = await ctx.request({ method: 'GET', url: '/api/questions/?limit=2' });
        firstPage = page1.json<{ id: number }[]>().map((q) => q.id);
        const nextUrl = /<([^>]+)>/.exec(String(page1.headers.link))?.[1] as string;
        await client.query('COMMIT');
        const page2 = await ctx.request({ method: 'GET', url: nextUrl });
        secondPage = page2.json<{ id: number }[]>().map((q) => q.id);
      } finally {
        client.release();
      }
      // The pass went below the late question's id before it committed...
      expect(firstPage).toEqual([newer, second]);
      expect(secondPage).toEqual([first]);
      // ...and the next read of the feed has it near the top, in its place.
      const again = await ctx.request({ method: 'GET', url: '/api/questions/?limit=3' });
      expect(again.json<{ id: number }[]>().map((q) => q.id)).toEqual([newer, late, second]);
    });
  },
);
