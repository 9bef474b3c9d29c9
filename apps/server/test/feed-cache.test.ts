/**
 * The strangers' feed kept in memory (services/feed-cache.ts, migration 0012): exact on
 * every instance (a write through one, or straight into the database, is in the very next
 * list read through another), private (what is kept never carries an owner's fields, and an
 * owner's or an admin's request neither reads nor fills it), and sent with a strong ETag.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeedVersion } from '../src/services/feed-cache.ts';
import {
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  likeQuestion,
  nextPage,
  uniqueWord,
} from './factories.ts';
import { createTestContext, ENGINES, newSession, type TestContext, uniqueName } from './harness.ts';

interface Listed {
  id: number;
  likes: number;
  answer_count: number;
  tags: { id: number; name: string }[];
  text: string;
  session_id: string | null;
  user: number | null;
  hidden: boolean;
}

type Context = Awaited<ReturnType<typeof createTestContext>>;

/** A stranger's list: no token, no session id. */
async function strangersList(ctx: TestContext, query = '') {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { res, items: res.json<Listed[]>() };
}

const ids = (items: Listed[]) => items.map((q) => q.id);

describe.each(ENGINES)('the strangers feed kept in memory [%s]', (engine) => {
  let a: Context;
  let b: Context;
  beforeAll(async () => {
    // One secret, so that a token issued by one instance is good on the other.
    const env = { JWT_SECRET: randomBytes(32).toString('hex') };
    a = await createTestContext(engine, { env });
    // A second instance on the same database: its own memory, its own connections.
    b = await createTestContext(engine, { env, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  describe('exact on another instance', () => {
    it('shows a question posted through the other instance on the very next read', async () => {
      for (let i = 0; i < 5; i += 1) {
        await strangersList(b); // b keeps the page
        const q = await createQuestion(a);
        expect(ids((await strangersList(b)).items)[0], `round ${i}`).toBe(q.id);
      }
    });

    it('shows a like in every detail read sent at the same moment after it, on another instance', async () => {
      const q = await createQuestion(a);
      for (let round = 1; round <= 3; round += 1) {
        expect((await likeQuestion(a, q.id, { session: newSession() })).statusCode).toBe(200);
        const reads = await Promise.all(
          Array.from({ length: 20 }, () =>
            b.request({ method: 'GET', url: `/api/questions/${q.id}/` }),
          ),
        );
        expect(reads.map((res) => res.json<Listed>().likes)).toEqual(reads.map(() => round));
      }
    });

    it('drops a deleted question at once', async () => {
      const owner = await createUser(a);
      const q = await createQuestion(a, { token: owner.access });
      expect(ids((await strangersList(b)).items)).toContain(q.id);
      const deleted = await a.request({
        method: 'DELETE',
        url: `/api/questions/${q.id}/`,
        token: owner.access,
      });
      expect(deleted.statusCode).toBe(204);
      expect(ids((await strangersList(b)).items)).not.toContain(q.id);
    });

    it('counts a like and an answer at once', async () => {
      const q = await createQuestion(a);
      const before = (await strangersList(b)).items.find((item) => item.id === q.id);
      expect(before).toMatchObject({ likes: 0, answer_count: 0 });
      expect((await likeQuestion(a, q.id, { session: newSession() })).statusCode).toBe(200);
      expect((await strangersList(b)).items.find((item) => item.id === q.id)?.likes).toBe(1);
      await createAnswer(a, q.id);
      expect((await strangersList(b)).items.find((item) => item.id === q.id)?.answer_count).toBe(1);
    });

    it('counts likes made in parallel', async () => {
      const q = await createQuestion(a);
      await strangersList(b);
      const likes = await Promise.all(
        Array.from({ length: 8 }, () => likeQuestion(a, q.id, { session: newSession() })),
      );
      expect(likes.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
      expect((await strangersList(b)).items.find((item) => item.id === q.id)?.likes).toBe(8);
    });

    it('adds one to the version per writing transaction, none lost when they run at once', async () => {
      const before = await readFeedVersion(a.database.db);
      // Posts with a new tag each, each its own transaction (likes and posts whose tags
      // exist may share one: services/likes.ts, services/posts.ts).
      const posted = await Promise.all(
        Array.from({ length: 12 }, () => createQuestion(a, { tags: [uniqueName('tag')] })),
      );
      expect(new Set(posted.map((q) => q.id)).size).toBe(12);
      expect((await readFeedVersion(b.database.db)) - before).toBe(12n);
    });

    it('follows tag changes written straight into the database', async () => {
      const q = await createQuestion(a, { tags: ['kept-tag'] });
      const tagId = q.tags[0]?.id as number;
      const byTag = `?tag_id=${tagId}`;
      expect(ids((await strangersList(b, byTag)).items)).toContain(q.id);
      expect((await strangersList(b, '?tag_id=kept-tag')).items[0]?.id).toBe(q.id);

      await a.database.pool.query('DELETE FROM question_tags WHERE question_id = $1', [q.id]);
      expect(ids((await strangersList(b, byTag)).items)).not.toContain(q.id);
      expect((await strangersList(b)).items.find((item) => item.id === q.id)?.tags).toEqual([]);

      await a.database.pool.query('INSERT INTO question_tags VALUES ($1, $2)', [q.id, tagId]);
      expect(ids((await strangersList(b, byTag)).items)).toContain(q.id);

      // A name with no tag lists nothing, until the tag exists and is used.
      const fresh = '?tag_id=not-yet-a-tag';
      expect((await strangersList(b, fresh)).items).toEqual([]);
      const tagged = await createQuestion(a, { tags: ['not-yet-a-tag'] });
      expect(ids((await strangersList(b, fresh)).items)).toEqual([tagged.id]);
    });

    it('hides a question reported by enough people at once, and shows it again', async () => {
      const q = await createQuestion(a);
      expect(ids((await strangersList(b)).items)).toContain(q.id);
      const reports = [];
      for (let i = 0; i < 3; i += 1) reports.push(await createReport(a, { question: q.id }));
      expect(ids((await strangersList(b)).items)).not.toContain(q.id);

      const admin = await createAdmin(a);
      const rejected = await a.request({
        method: 'PATCH',
        url: `/api/reports/${reports[0]?.id}/`,
        token: admin.access,
        body: { status: 'rejected' },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(ids((await strangersList(b)).items)).toContain(q.id);
    });

    it('sees a write made on its own instance too', async () => {
      await strangersList(a);
      const q = await createQuestion(a);
      expect(ids((await strangersList(a)).items)[0]).toBe(q.id);
    });
  });

  describe('private', () => {
    it("never carries an owner's fields; an owner's key and an account get their own list", async () => {
      const user = await createUser(a);
      const session = newSession();
      const byUser = await createQuestion(a, { token: user.access });
      const bySession = await createQuestion(a, { session });

      // The owners first, with a query nobody has listed yet on this instance.
      const query = '?limit=7';
      const keptBefore = b.app.feedCache.size;
      const asUser = await b.request({
        method: 'GET',
        url: `/api/questions/${query}`,
        token: user.access,
      });
      const asSession = await b.request({ method: 'GET', url: `/api/questions/${query}`, session });
      expect(asUser.json<Listed[]>().find((q) => q.id === byUser.id)?.user).toBe(user.id);
      expect(asSession.json<Listed[]>().find((q) => q.id === bySession.id)?.session_id).toBe(
        session,
      );
      for (const res of [asUser, asSession]) {
        expect(res.headers.etag).toBeUndefined();
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      // The key's request read the strangers' page to compare (an account's reads nothing).
      expect(b.app.feedCache.size).toBe(keptBefore + 1);

      const { res, items } = await strangersList(b, query);
      expect(b.app.feedCache.size).toBe(keptBefore + 1);
      expect(res.body).not.toContain(session);
      for (const item of items) expect([item.user, item.session_id]).toEqual([null, null]);
      // Kept now: the owners still get their own fields, not the strangers' bytes.
      const again = await b.request({ method: 'GET', url: `/api/questions/${query}`, session });
      expect(again.json<Listed[]>().find((q) => q.id === bySession.id)?.session_id).toBe(session);
      expect(again.headers.etag).toBeUndefined();
    });

    it("keeps an author's and an admin's view of a hidden question from strangers", async () => {
      const session = newSession();
      const q = await createQuestion(a, { session });
      for (let i = 0; i < 3; i += 1) await createReport(a, { question: q.id });
      const admin = await createAdmin(a);
      const query = '?limit=9';
      for (const auth of [{ session }, { token: admin.access }]) {
        const res = await b.request({ method: 'GET', url: `/api/questions/${query}`, ...auth });
        expect(res.json<Listed[]>().find((item) => item.id === q.id)?.hidden).toBe(true);
      }
      expect(ids((await strangersList(b, query)).items)).not.toContain(q.id);
      for (const auth of [{ session }, { token: admin.access }]) {
        const res = await b.request({ method: 'GET', url: `/api/questions/${query}`, ...auth });
        expect(ids(res.json<Listed[]>())).toContain(q.id);
      }
    });

    it('sends strangers the bytes a fresh read would', async () => {
      await createQuestion(a, { tags: ['same-bytes'] });
      const kept = await strangersList(b, '?limit=5');
      const keptAgain = await strangersList(b, '?limit=5');
      // A key that owns and likes nothing on the page gets the same bytes and validator.
      const asKey = await b.request({
        method: 'GET',
        url: '/api/questions/?limit=5',
        session: newSession(),
      });
      expect(keptAgain.res.body).toBe(kept.res.body);
      expect(asKey.body).toBe(kept.res.body);
      expect(asKey.headers.etag).toBe(kept.res.headers.etag);
      // An account's list, always read afresh, is the same bytes too.
      const fresh = await a.request({
        method: 'GET',
        url: '/api/questions/?limit=5',
        token: (await createUser(a)).access,
      });
      expect(fresh.body).toBe(kept.res.body);
      expect(kept.res.headers['content-type']).toBe('application/json; charset=utf-8');
    });
  });

  describe('tag counts', () => {
    type Counted = { id: number; name: string; count: number };
    const tagList = (ctx: TestContext, etag?: string) =>
      ctx.request({
        method: 'GET',
        url: '/api/tags/',
        ...(etag ? { headers: { 'if-none-match': etag } } : {}),
      });
    const countOf = (body: Counted[], name: string) => body.find((t) => t.name === name)?.count;

    it('counts a question posted or hidden through the other instance at once, and answers 304 meanwhile', async () => {
      const name = uniqueWord('tagcount');
      const before = await tagList(b);
      expect(before.statusCode).toBe(200);
      expect(before.headers['cache-control']).toBe('no-cache');
      const etag = before.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect((await tagList(b, etag)).statusCode).toBe(304);
      expect(countOf(before.json<Counted[]>(), name)).toBeUndefined();

      const q = await createQuestion(a, { tags: [name] });
      const after = await tagList(b, etag);
      expect(after.statusCode).toBe(200);
      expect(countOf(after.json<Counted[]>(), name)).toBe(1);
      // The same list on both instances, byte for byte.
      expect((await tagList(a)).body).toBe(after.body);

      // Hidden by reports: its only question gone from the feed, the tag leaves the list.
      for (let i = 0; i < 3; i += 1) await createReport(a, { question: q.id });
      expect(countOf((await tagList(b)).json<Counted[]>(), name)).toBeUndefined();
    });
  });

  describe('validators and entries', () => {
    it('answers If-None-Match with 304 while the list is the same, and 200 after a write', async () => {
      const first = (await strangersList(b)).res;
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.vary).toBe('Authorization, X-Session-Id');
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await b.request({
          method: 'GET',
          url: '/api/questions/',
          headers: { 'if-none-match': ifNoneMatch },
        });
        expect(res.statusCode, ifNoneMatch).toBe(304);
        expect(res.body).toBe('');
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      // The same list on the other instance has the same validator.
      expect((await strangersList(a)).res.headers.etag).toBe(etag);

      await createQuestion(a);
      const after = await b.request({
        method: 'GET',
        url: '/api/questions/',
        headers: { 'if-none-match': etag },
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
    });

    it("answers a key that owns and likes nothing on the page with 304, never the page's owner or liker", async () => {
      const owner = newSession();
      const mine = await createQuestion(a, { session: owner });
      const etag = (await strangersList(b, '?limit=4')).res.headers.etag as string;
      const ask = (session: string) =>
        b.request({
          method: 'GET',
          url: '/api/questions/?limit=4',
          headers: { 'if-none-match': etag },
          session,
        });
      expect((await ask(newSession())).statusCode).toBe(304);

      const asOwner = await ask(owner);
      expect(asOwner.statusCode).toBe(200);
      expect(asOwner.headers.etag).toBeUndefined();
      expect(asOwner.json<Listed[]>().find((q) => q.id === mine.id)?.session_id).toBe(owner);

      const liker = newSession();
      await likeQuestion(a, mine.id, { session: liker });
      const etagAfterLike = (await strangersList(b, '?limit=4')).res.headers.etag as string;
      const asLiker = await b.request({
        method: 'GET',
        url: '/api/questions/?limit=4',
        headers: { 'if-none-match': etagAfterLike },
        session: liker,
      });
      expect(asLiker.statusCode).toBe(200);
      const liked = asLiker.json<(Listed & { liked: boolean })[]>().find((q) => q.id === mine.id);
      expect(liked?.liked).toBe(true);
      const asStranger = (await strangersList(b, '?limit=4')).items as (Listed & {
        liked: boolean;
      })[];
      expect(asStranger.some((q) => q.liked)).toBe(false);
    });

    it('ignores If-None-Match for an account', async () => {
      const etag = (await strangersList(b)).res.headers.etag as string;
      const user = await createUser(a);
      for (const extra of [{ token: user.access }]) {
        const res = await b.request({
          method: 'GET',
          url: '/api/questions/',
          headers: { 'if-none-match': etag },
          ...extra,
        });
        expect(res.statusCode).toBe(200);
      }
    });

    it('keeps each filter and each cursor apart', async () => {
      const women = await createQuestion(a, { gender: 'W', age_range: '26-35' });
      const men = await createQuestion(a, { gender: 'M', age_range: '26-35' });
      const byWomen = ids((await strangersList(b, '?gender=W')).items);
      const byMen = ids((await strangersList(b, '?gender=M')).items);
      expect(byWomen).toContain(women.id);
      expect(byWomen).not.toContain(men.id);
      expect(byMen).toContain(men.id);
      expect(byMen).not.toContain(women.id);
      // The same parameters in another order are the same entry.
      const sizeBefore = b.app.feedCache.size;
      const one = await strangersList(b, '?gender=W&age_range=26-35');
      const other = await strangersList(b, '?age_range=26-35&gender=W');
      expect(other.res.body).toBe(one.res.body);
      expect(b.app.feedCache.size).toBe(sizeBefore + 1);

      // Pages by cursor: each its own entry, each with its own next link.
      const pages: number[][] = [];
      let url: string | null = '/api/questions/?limit=2';
      for (let i = 0; i < 3 && url !== null; i += 1) {
        const res = await b.request({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        pages.push(ids(res.json<Listed[]>()));
        url = nextPage(res.headers.link);
        expect(url).toContain('limit=2');
      }
      expect(new Set(pages.flat()).size).toBe(6);
      const firstAgain = await b.request({ method: 'GET', url: '/api/questions/?limit=2' });
      expect(ids(firstAgain.json<Listed[]>())).toEqual(pages[0]);
    });

    it("keeps a search's first page only when its word is common, exact on every write", async () => {
      const rare = uniqueWord('rare');
      await createQuestion(a, { text: `<p>Only one ${rare} here</p>` });
      let size = b.app.feedCache.size;
      for (let i = 0; i < 2; i += 1) {
        const res = await b.request({ method: 'GET', url: `/api/questions/?search=${rare}` });
        expect(res.statusCode).toBe(200);
        expect(res.json<Listed[]>()).toHaveLength(1);
        expect(res.headers['x-total-count']).toBe('1');
        // A search's words are what a visitor typed: no shared cache may keep them.
        expect(res.headers['cache-control']).toBe('private, no-cache');
      }
      expect(b.app.feedCache.size).toBe(size);

      const common = uniqueWord('common');
      for (let i = 0; i < 100; i += 1) {
        await createQuestion(a, { text: `<p>Question ${i} about ${common}</p>` });
      }
      const first = await b.request({ method: 'GET', url: `/api/questions/?search=${common}` });
      const again = await b.request({ method: 'GET', url: `/api/questions/?search=${common}` });
      expect(b.app.feedCache.size).toBe(size + 1);
      for (const res of [first, again]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-total-count']).toBe('100');
        expect(res.headers['cache-control']).toBe('private, no-cache');
      }
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);

      // A question written through the other instance is in the very next search.
      const newest = await createQuestion(a, { text: `<p>One more about ${common}</p>` });
      const after = await b.request({ method: 'GET', url: `/api/questions/?search=${common}` });
      expect(after.headers['x-total-count']).toBe('101');
      expect(ids(after.json<Listed[]>())).toContain(newest.id);

      // Later pages of a search, and an account's search, are read afresh.
      size = b.app.feedCache.size;
      const next = nextPage(after.headers.link) as string;
      expect(next).toContain('cursor=');
      expect((await b.request({ method: 'GET', url: next })).statusCode).toBe(200);
      const user = await createUser(a);
      const asUser = await b.request({
        method: 'GET',
        url: `/api/questions/?search=${common}`,
        token: user.access,
      });
      expect(asUser.headers['x-total-count']).toBe('101');
      expect(b.app.feedCache.size).toBe(size);
    });

    it('keeps no error: a bad cursor and a stranger asking for a user are refused each time', async () => {
      const size = b.app.feedCache.size;
      for (let i = 0; i < 2; i += 1) {
        const bad = await b.request({ method: 'GET', url: '/api/questions/?cursor=nonsense' });
        expect(bad.statusCode).toBe(400);
        const mine = await b.request({ method: 'GET', url: '/api/questions/?user_id=1' });
        expect(mine.statusCode).toBe(401);
      }
      expect(b.app.feedCache.size).toBe(size);
    });

    it('gives strangers asking at the same moment one list', async () => {
      await createQuestion(a);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          b.request({ method: 'GET', url: '/api/questions/?limit=3' }),
        ),
      );
      const bodies = new Set(responses.map((res) => res.body));
      expect(bodies.size).toBe(1);
      expect(responses.every((res) => res.statusCode === 200)).toBe(true);
    });
  });
});
