/**
 * The feed's sorts (`GET /api/questions/?sort=`): each order, paged through its Link
 * headers, matches the order computed from the rows themselves; a cursor belongs to its
 * sort; a search stays ranked and counts its matches; bad input is a 400.
 */
import { API_MSG, LIMITS } from '@dating/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAnswer,
  createQuestion,
  likeQuestion,
  nextPage,
  uniqueWord,
  walkPages,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

interface Row {
  id: number;
  likes: number;
  answer_count: number;
  created_us: string;
  activity_us: string;
  top_score: number;
}

/** Every question of the tagged set, with its sort keys, straight from the database. */
async function rowsOf(ctx: TestContext, tag: string): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT q.id, q.likes, q.answer_count, q.top_score,
      (extract(epoch FROM q.created_at) * 1000000)::bigint::text AS created_us,
      (extract(epoch FROM q.last_activity_at) * 1000000)::bigint::text AS activity_us
    FROM questions q JOIN question_tags qt ON qt.question_id = q.id
    JOIN tags t ON t.id = qt.tag_id WHERE t.name = ${tag}`.execute(ctx.database.db);
  return rows;
}

const byKeyThenId = (key: (row: Row) => number | bigint) => (a: Row, b: Row) => {
  const ka = key(a);
  const kb = key(b);
  if (ka !== kb) return ka < kb ? 1 : -1;
  return b.id - a.id;
};

describeEachEngine('feed sorts', (ctx) => {
  const tag = uniqueWord('sort');
  const ids: number[] = [];

  beforeAll(async () => {
    // 13 questions: some liked, some answered (in an order unlike their creation), so that
    // each sort orders them differently.
    for (let i = 0; i < 13; i += 1) {
      ids.push((await createQuestion(ctx, { tags: [tag], text: `<p>Sorted ${i}?</p>` })).id);
    }
    for (const [index, likes] of [
      [0, 5],
      [3, 2],
      [7, 1],
      [12, 3],
    ] as const) {
      for (let l = 0; l < likes; l += 1) {
        const res = await likeQuestion(ctx, ids[index] as number, { session: newSession() });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    for (const index of [2, 9, 0, 5, 2]) await createAnswer(ctx, ids[index] as number);
  }, 60_000);

  const list = (query: string) => `/api/questions/?tag_id=${tag}&limit=4&${query}`;

  it('new (the default) is newest first, and `sort=new` is the same list', async () => {
    const expected = [...ids].sort((a, b) => b - a);
    expect((await walkPages(ctx, list(''))).flat()).toEqual(expected);
    expect((await walkPages(ctx, list('sort=new'))).flat()).toEqual(expected);
  });

  it('top orders by ln(1 + likes) + epoch(created_at) / 45000, then id, on every page', async () => {
    const rows = await rowsOf(ctx, tag);
    for (const row of rows) {
      const expected = Math.log(1 + row.likes) + Number(row.created_us) / 1e6 / 45_000;
      expect(row.top_score).toBeCloseTo(expected, 6);
    }
    const expected = [...rows].sort(byKeyThenId((r) => r.top_score)).map((r) => r.id);
    const pages = await walkPages(ctx, list('sort=top'));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat()).toEqual(expected);
    // Seconds apart, the most liked question leads.
    expect(pages.flat()[0]).toBe(ids[0]);
  });

  it('unanswered has only questions without answers, newest first', async () => {
    const rows = await rowsOf(ctx, tag);
    const expected = rows
      .filter((r) => r.answer_count === 0)
      .map((r) => r.id)
      .sort((a, b) => b - a);
    expect(expected).toHaveLength(9);
    expect((await walkPages(ctx, list('sort=unanswered'))).flat()).toEqual(expected);
  });

  it('active orders by the last reply (the creation before the first), then id', async () => {
    const rows = await rowsOf(ctx, tag);
    const expected = [...rows].sort(byKeyThenId((r) => BigInt(r.activity_us))).map((r) => r.id);
    const seen = (await walkPages(ctx, list('sort=active'))).flat();
    expect(seen).toEqual(expected);
    // The last replies went to 5, then 2: they lead, above the newest question.
    expect(seen.slice(0, 2)).toEqual([ids[2], ids[5]]);
    for (const row of rows.filter((r) => r.answer_count === 0)) {
      expect(row.activity_us).toBe(row.created_us);
    }
  });

  it('a like and an unlike move a question in `top`, and a reply moves it in `active`', async () => {
    const q = await createQuestion(ctx, { tags: [tag] });
    const session = newSession();
    const before = (await rowsOf(ctx, tag)).find((r) => r.id === q.id) as Row;
    await likeQuestion(ctx, q.id, { session });
    const liked = (await rowsOf(ctx, tag)).find((r) => r.id === q.id) as Row;
    expect(liked.top_score - before.top_score).toBeCloseTo(Math.log(2), 9);
    const res = await ctx.request({
      method: 'DELETE',
      url: `/api/questions/${q.id}/like/`,
      session,
    });
    expect(res.statusCode, res.body).toBe(204);
    const unliked = (await rowsOf(ctx, tag)).find((r) => r.id === q.id) as Row;
    expect(unliked.top_score).toBeCloseTo(before.top_score, 9);

    await createAnswer(ctx, ids[1] as number);
    const first = await ctx.request({ method: 'GET', url: list('sort=active') });
    expect(first.json<{ id: number }[]>()[0]?.id).toBe(ids[1]);
  });

  describe('cursors', () => {
    const firstCursor = async (query: string) => {
      const res = await ctx.request({ method: 'GET', url: list(query) });
      const next = nextPage(res.headers.link);
      expect(next, query).not.toBeNull();
      expect(next).toContain(query);
      return new URL(next as string, 'http://x').searchParams.get('cursor') as string;
    };

    it("are a 400 in any other sort than their own, or in a search, and a search's in a sort", async () => {
      const word = uniqueWord();
      for (let i = 0; i < 3; i += 1) await createQuestion(ctx, { text: `<p>${word} ${i}</p>` });
      const search = await ctx.request({
        method: 'GET',
        url: `/api/questions/?search=${word}&limit=1`,
      });
      const searchCursor = new URL(
        nextPage(search.headers.link) as string,
        'http://x',
      ).searchParams.get('cursor') as string;
      const cursors: Record<string, string> = {
        new: await firstCursor('sort=new'),
        top: await firstCursor('sort=top'),
        unanswered: await firstCursor('sort=unanswered'),
        active: await firstCursor('sort=active'),
      };
      for (const [own, cursor] of Object.entries(cursors)) {
        for (const sort of ['new', 'top', 'unanswered', 'active']) {
          const res = await ctx.request({
            method: 'GET',
            url: list(`sort=${sort}&cursor=${encodeURIComponent(cursor)}`),
          });
          if (sort === own) expect(res.statusCode, `${own} in ${sort}`).toBe(200);
          else {
            expect(res.statusCode, `${own} in ${sort}`).toBe(400);
            expect(res.json()).toEqual({ cursor: [API_MSG.cursorInvalid] });
          }
        }
        const inSearch = await ctx.request({
          method: 'GET',
          url: `/api/questions/?search=${word}&cursor=${encodeURIComponent(cursor)}`,
        });
        expect(inSearch.statusCode).toBe(400);
      }
      const searchInSort = await ctx.request({
        method: 'GET',
        url: list(`sort=top&cursor=${encodeURIComponent(searchCursor)}`),
      });
      expect(searchInSort.statusCode).toBe(400);
      // A search of unanswered questions has cursors of its own.
      const unansweredSearch = await ctx.request({
        method: 'GET',
        url: `/api/questions/?search=${word}&sort=unanswered&cursor=${encodeURIComponent(searchCursor)}`,
      });
      expect(unansweredSearch.statusCode).toBe(400);
    });
  });

  describe('with a search', () => {
    it('stays ranked by relevance whatever the sort; unanswered keeps the unanswered matches', async () => {
      const word = uniqueWord();
      const made: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        made.push((await createQuestion(ctx, { text: `<p>${word} question ${i}</p>` })).id);
      }
      await createAnswer(ctx, made[1] as number);
      const url = (sort: string) => `/api/questions/?search=${word}&sort=${sort}`;
      const ranked = (await walkPages(ctx, url('new'))).flat();
      expect(new Set(ranked)).toEqual(new Set(made));
      expect((await walkPages(ctx, url('top'))).flat()).toEqual(ranked);
      expect((await walkPages(ctx, url('active'))).flat()).toEqual(ranked);
      expect((await walkPages(ctx, url('unanswered'))).flat()).toEqual(
        ranked.filter((id) => id !== made[1]),
      );
    });

    it('counts its matches in X-Total-Count on its first page, up to the window', async () => {
      const word = uniqueWord();
      for (let i = 0; i < 3; i += 1) await createQuestion(ctx, { text: `<p>${word} ${i}</p>` });
      const first = await ctx.request({
        method: 'GET',
        url: `/api/questions/?search=${word}&limit=2`,
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-total-count']).toBe('3');
      const second = await ctx.request({ method: 'GET', url: nextPage(first.headers.link) ?? '' });
      expect(second.headers['x-total-count']).toBeUndefined();
      const none = await ctx.request({
        method: 'GET',
        url: `/api/questions/?search=${uniqueWord()}`,
      });
      expect(none.headers['x-total-count']).toBe('0');
      const feed = await ctx.request({ method: 'GET', url: '/api/questions/' });
      expect(feed.headers['x-total-count']).toBeUndefined();
      expect(LIMITS.searchCountMax).toBe(300);
    });
  });

  describe('bad input', () => {
    for (const sort of ['hot', 'TOP', 'top ', 'newest', '1', 'new,top']) {
      it(`sort=${JSON.stringify(sort)} is a 400`, async () => {
        const res = await ctx.request({
          method: 'GET',
          url: `/api/questions/?sort=${encodeURIComponent(sort)}`,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ sort: ['Sort must be one of new, top, unanswered, active.'] });
      });
    }

    it('a sort given twice is a 400, also with a search', async () => {
      const twice = await ctx.request({ method: 'GET', url: '/api/questions/?sort=top&sort=new' });
      expect(twice.statusCode).toBe(400);
      expect(Object.keys(twice.json())).toEqual(['sort']);
      const searching = await ctx.request({
        method: 'GET',
        url: '/api/questions/?search=date&sort=best',
      });
      expect(searching.statusCode).toBe(400);
      expect(searching.json()).toEqual({ sort: [API_MSG.sortInvalid] });
    });

    it('an empty sort is the default', async () => {
      const res = await ctx.request({ method: 'GET', url: `${list('sort=')}` });
      expect(res.statusCode).toBe(200);
    });

    it('a forged or tampered sort cursor is a 400', async () => {
      for (const cursor of ['abc', 'eyJzY29yZSI6IjEiLCJpZCI6MX0.AAAA', `${'x'.repeat(201)}`]) {
        const res = await ctx.request({
          method: 'GET',
          url: list(`sort=top&cursor=${cursor}`),
        });
        expect(res.statusCode).toBe(400);
      }
    });
  });
});
