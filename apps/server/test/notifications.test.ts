/**
 * Every identity's inbox, through HTTP on both engines: who is told of what (and never of
 * their own action), coalescing while unread, reading (by id, all, or a question's thread),
 * paging, the question each item names, moderation notices, what deleting and hiding take
 * away, the list of what one follows, a claim moving the inbox, and the errors of every input.
 */
import { API_MSG } from '@dating/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionId } from '../src/lib/session-id.ts';
import {
  type Author,
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  nextPage,
} from './factories.ts';
import { createTestContext, ENGINES, newSession, type TestContext } from './harness.ts';

interface Item {
  id: number;
  kind: string;
  question: number | null;
  question_text: string | null;
  answer: number | null;
  count: number;
  excerpt: string;
  author_label: string | null;
  created_at: string;
  read: boolean;
}

const inbox = async (ctx: TestContext, who: Author, query = '') => {
  const res = await ctx.request({ method: 'GET', url: `/api/notifications/${query}`, ...who });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json<Item[]>();
};

const unread = async (ctx: TestContext, who: Author) => {
  const res = await ctx.request({ method: 'GET', url: '/api/notifications/unread/', ...who });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json<{ count: number }>().count;
};

const markRead = (ctx: TestContext, who: Author, body: unknown) =>
  ctx.request({ method: 'POST', url: '/api/notifications/read/', ...who, body });

const key = (session: string | undefined): Author => ({ session });

interface Followed {
  question: number;
  question_text: string | null;
  followed_at: string;
}

const following = async (ctx: TestContext, who: Author, query = '') => {
  const res = await ctx.request({ method: 'GET', url: `/api/my/following/${query}`, ...who });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json<Followed[]>();
};

const followAs = (ctx: TestContext, id: number, who: Author, method: 'POST' | 'DELETE' = 'POST') =>
  ctx.request({ method, url: `/api/questions/${id}/follow/`, ...who });

for (const engine of ENGINES) {
  describe(`notifications [${engine}]`, () => {
    let ctx: TestContext & { close(): Promise<void> };
    beforeAll(async () => {
      ctx = await createTestContext(engine, { env: { MODERATION_AUTOHIDE: '2' } });
    });
    afterAll(() => ctx?.close());

    it('tells the asker of every reply, coalesced while unread, never of their own', async () => {
      const q = await createQuestion(ctx);
      const asker = key(q.session);
      expect(await inbox(ctx, asker)).toEqual([]);
      const first = await createAnswer(ctx, q.id, { text: 'Talk   to him\nabout it.' });
      const items = await inbox(ctx, asker);
      expect(items).toEqual([
        {
          id: expect.any(Number),
          kind: 'reply',
          question: q.id,
          question_text: `How do I ${q.text.slice('<p>How do I '.length, -'?</p>'.length)}?`,
          answer: first.id,
          count: 1,
          excerpt: 'Talk to him about it.',
          author_label: 'Anon 1',
          created_at: expect.any(String),
          read: false,
        },
      ]);
      const second = await createAnswer(ctx, q.id, { text: 'x'.repeat(500) });
      const [bumped] = await inbox(ctx, asker);
      expect(bumped).toMatchObject({
        id: items[0]?.id,
        count: 2,
        answer: second.id,
        author_label: 'Anon 2',
      });
      expect([...(bumped?.excerpt ?? '')]).toHaveLength(140);
      expect(bumped?.excerpt.endsWith('…')).toBe(true);
      expect(await unread(ctx, asker)).toBe(1);
      // The asker's own reply tells nobody new, and never the asker.
      await createAnswer(ctx, q.id, { session: q.session, text: 'Thanks all' });
      expect(await inbox(ctx, asker)).toHaveLength(1);
      expect((await inbox(ctx, asker))[0]?.count).toBe(2);
    });

    it("tells an answer's author of a direct reply once, as answer_reply", async () => {
      const asker = await createUser(ctx);
      const q = await createQuestion(ctx, { token: asker.access });
      const a = await createAnswer(ctx, q.id);
      const r = await createAnswer(ctx, q.id, { parent_id: a.id, text: 'I disagree' });
      const theirs = await inbox(ctx, key(a.session));
      expect(theirs).toEqual([
        expect.objectContaining({ kind: 'answer_reply', question: q.id, answer: r.id, count: 1 }),
      ]);
      const askers = await inbox(ctx, { token: asker.access });
      expect(askers.map((n) => [n.kind, n.count])).toEqual([['reply', 2]]);
    });

    it('tells followers of replies and updates; the asker follows, and may unfollow', async () => {
      const q = await createQuestion(ctx);
      const follower = newSession();
      const follow = (method: 'POST' | 'DELETE', session: string | undefined) =>
        ctx.request({ method, url: `/api/questions/${q.id}/follow/`, session });
      expect((await follow('POST', follower)).statusCode).toBe(204);
      expect((await follow('POST', follower)).statusCode).toBe(204);
      const detail = await ctx.request({
        method: 'GET',
        url: `/api/questions/${q.id}/`,
        session: follower,
      });
      expect(detail.json()).toMatchObject({ following: true });
      const stranger = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(stranger.json()).toMatchObject({ following: false });
      const a = await createAnswer(ctx, q.id);
      expect((await inbox(ctx, key(follower))).map((n) => n.kind)).toEqual(['reply']);
      // An answerer follows from their reply on: the asker's update reaches them too.
      const update = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/updates/`,
        session: q.session,
        body: { text: 'We talked, and it went well.' },
      });
      expect(update.statusCode, update.body).toBe(201);
      for (const who of [follower, a.session]) {
        expect((await inbox(ctx, key(who))).find((n) => n.kind === 'update')).toMatchObject({
          question: q.id,
          answer: null,
          excerpt: 'We talked, and it went well.',
          author_label: 'Asker',
        });
      }
      expect((await inbox(ctx, key(q.session))).some((n) => n.kind === 'update')).toBe(false);
      // Unfollowing sticks, even after replying again.
      expect((await follow('DELETE', a.session)).statusCode).toBe(204);
      expect((await follow('DELETE', a.session)).statusCode).toBe(204);
      await createAnswer(ctx, q.id, { session: a.session });
      await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/updates/`,
        session: q.session,
        body: { text: 'One more thing.' },
      });
      expect((await inbox(ctx, key(a.session))).find((n) => n.kind === 'update')?.count).toBe(1);
      const mine = await ctx.request({
        method: 'GET',
        url: `/api/questions/${q.id}/`,
        session: a.session,
      });
      expect(mine.json()).toMatchObject({ following: false });
      // The asker who unfollows their own question hears of no more replies.
      expect((await follow('DELETE', q.session)).statusCode).toBe(204);
      const before = (await inbox(ctx, key(q.session))).find((n) => n.kind === 'reply')?.count;
      await createAnswer(ctx, q.id);
      expect((await inbox(ctx, key(q.session))).find((n) => n.kind === 'reply')?.count).toBe(
        before,
      );
    });

    it('refuses follows of what is not there, without an identity, or past the limit', async () => {
      const q = await createQuestion(ctx);
      const session = newSession();
      const follow = (url: string, auth: Author) => ctx.request({ method: 'POST', url, ...auth });
      expect((await follow('/api/questions/2147483647/follow/', { session })).statusCode).toBe(404);
      expect((await follow('/api/questions/0/follow/', { session })).statusCode).toBe(404);
      const nobody = await follow(`/api/questions/${q.id}/follow/`, {});
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
      // 1,000 follows written directly, then one more through the API.
      const full = newSession();
      const followed = await sql<{ id: number }>`
        INSERT INTO questions (text, search_text, tag_text, gender, age_range, session_hash)
        SELECT '<p>x</p>', 'x', '', 'U', 'U', ${hashSessionId(newSession())}
        FROM generate_series(1, 1000) RETURNING id`.execute(ctx.database.db);
      await sql`
        INSERT INTO question_follows (question_id, session_hash)
        SELECT id, ${hashSessionId(full)} FROM unnest(${followed.rows.map((r) => r.id)}::int[]) AS id
      `.execute(ctx.database.db);
      const refused = await follow(`/api/questions/${q.id}/follow/`, { session: full });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: expect.any(String),
        detail: expect.stringContaining('at most 1,000'),
      });
      // Following one already followed is still fine, and so is following after an unfollow.
      const again = `/api/questions/${followed.rows[0]?.id}/follow/`;
      expect((await follow(again, { session: full })).statusCode).toBe(204);
      const unfollow = await ctx.request({ method: 'DELETE', url: again, session: full });
      expect(unfollow.statusCode).toBe(204);
      expect((await follow(`/api/questions/${q.id}/follow/`, { session: full })).statusCode).toBe(
        204,
      );
      // Asking at the limit: the question is posted and not followed, whether it is written
      // in one statement (no key) or in a transaction with its idempotency key.
      const keys: Record<string, string>[] = [{}, { 'idempotency-key': `ask-${newSession()}` }];
      for (const headers of keys) {
        const asked = await ctx.request({
          method: 'POST',
          url: '/api/questions/',
          session: full,
          headers,
          body: { text: '<p>Asked at the limit</p>', session_id: full },
        });
        expect(asked.statusCode, asked.body).toBe(201);
        expect(asked.json()).toMatchObject({ following: false });
      }
    });

    it('tells the author of a reply marked "This helped"', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id, { text: 'Ask what they want.' });
      const mark = await ctx.request({
        method: 'POST',
        url: `/api/answers/${a.id}/helpful/`,
        session: q.session,
      });
      expect(mark.statusCode, mark.body).toBe(200);
      expect(await inbox(ctx, key(a.session))).toEqual([
        expect.objectContaining({
          kind: 'helped',
          question: q.id,
          answer: a.id,
          excerpt: 'Ask what they want.',
          author_label: 'Asker',
        }),
      ]);
    });

    it('tells an author when moderators hide or remove their post, and only what happened', async () => {
      const admin = await createAdmin(ctx);
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id, { text: 'My number is in my profile' });
      // The asker was told of the reply; hiding it takes that notification away.
      expect((await inbox(ctx, key(q.session))).map((n) => n.answer)).toEqual([a.id]);
      const report = await createReport(ctx, { answer: a.id }, { details: 'secret details' });
      await createReport(ctx, { answer: a.id });
      expect(await inbox(ctx, key(q.session))).toEqual([]);
      const hidden = await inbox(ctx, key(a.session));
      expect(hidden).toEqual([
        expect.objectContaining({
          kind: 'moderation',
          question: q.id,
          answer: a.id,
          excerpt: 'Your reply is hidden while moderators review it.',
          author_label: null,
        }),
      ]);
      const approve = await ctx.request({
        method: 'PATCH',
        url: `/api/reports/${report.id}/`,
        token: admin.access,
        body: { status: 'approved', note: 'the admin note' },
      });
      expect(approve.statusCode, approve.body).toBe(200);
      // The same unread line of the same question and kind: it now says what happened last.
      const removed = await inbox(ctx, key(a.session));
      expect(removed.map((n) => [n.excerpt, n.question, n.answer, n.count])).toEqual([
        ['Your reply was removed by moderators.', q.id, null, 2],
      ]);
      expect(JSON.stringify(removed)).not.toMatch(/secret details|the admin note|spam/);
      // An admin deleting a question tells its asker; the notice points at nothing.
      const gone = await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${q.id}/`,
        token: admin.access,
      });
      expect(gone.statusCode).toBe(204);
      expect(await inbox(ctx, key(q.session))).toEqual([
        expect.objectContaining({
          kind: 'moderation',
          question: null,
          answer: null,
          excerpt: 'Your question was removed by moderators.',
        }),
      ]);
    });

    it('drops the notifications of a deleted reply or question', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const del = await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${a.id}/`,
        session: a.session,
      });
      expect(del.statusCode).toBe(204);
      expect(await inbox(ctx, key(q.session))).toEqual([]);
      const b = await createAnswer(ctx, q.id);
      await createAnswer(ctx, q.id, { parent_id: b.id });
      expect(await inbox(ctx, key(b.session))).toHaveLength(1);
      await ctx.request({ method: 'DELETE', url: `/api/questions/${q.id}/`, session: q.session });
      expect(await inbox(ctx, key(b.session))).toEqual([]);
      expect(await unread(ctx, key(q.session))).toBe(0);
    });

    it('tells nobody but the asker of what happens under a hidden question', async () => {
      const admin = await createAdmin(ctx);
      const q = await createQuestion(ctx);
      const follower = newSession();
      const followed = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/follow/`,
        session: follower,
      });
      expect(followed.statusCode).toBe(204);
      const a = await createAnswer(ctx, q.id, { text: 'Before the hide.' });
      for (const who of [q.session, follower, a.session]) {
        expect((await markRead(ctx, key(who), { all: true })).statusCode).toBe(204);
      }
      await createReport(ctx, { question: q.id });
      await createReport(ctx, { question: q.id });
      // The asker replies (under a's reply too), updates, marks a's reply; an admin replies.
      await createAnswer(ctx, q.id, { session: q.session, text: 'Asker, after the hide.' });
      await createAnswer(ctx, q.id, { session: q.session, parent_id: a.id, text: 'To you.' });
      const update = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/updates/`,
        session: q.session,
        body: { text: 'An update while hidden.' },
      });
      expect(update.statusCode, update.body).toBe(201);
      const marked = await ctx.request({
        method: 'POST',
        url: `/api/answers/${a.id}/helpful/`,
        session: q.session,
      });
      expect(marked.statusCode, marked.body).toBe(200);
      const byAdmin = await createAnswer(ctx, q.id, {
        token: admin.access,
        text: 'Admin, after the hide.',
      });
      for (const who of [follower, a.session]) {
        expect(await unread(ctx, key(who)), who).toBe(0);
        const texts = JSON.stringify(await inbox(ctx, key(who)));
        expect(texts).not.toMatch(/after the hide|To you|An update while hidden/);
      }
      // The asker, who sees the whole thread, hears of the admin's reply.
      const news = (await inbox(ctx, key(q.session))).filter((n) => !n.read);
      expect(news.filter((n) => n.kind !== 'moderation')).toEqual([
        expect.objectContaining({ kind: 'reply', answer: byAdmin.id, author_label: 'Anon 2' }),
      ]);
    });

    it('drops the unread notifications of a hidden post, and takes the excerpt from read ones', async () => {
      const q = await createQuestion(ctx);
      const follower = newSession();
      await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/follow/`,
        session: follower,
      });
      const a = await createAnswer(ctx, q.id, { text: 'Call Dana on her number.' });
      await markRead(ctx, key(q.session), { all: true });
      const b = await createAnswer(ctx, q.id, { text: 'Unread when it is hidden.' });
      // The asker read a's notice; b's is unread. The follower read none.
      await createReport(ctx, { answer: a.id });
      await createReport(ctx, { answer: a.id });
      expect((await inbox(ctx, key(q.session))).map((n) => [n.answer, n.excerpt, n.read])).toEqual([
        [b.id, 'Unread when it is hidden.', false],
        [a.id, API_MSG.hiddenReply, true],
      ]);
      await createReport(ctx, { answer: b.id });
      await createReport(ctx, { answer: b.id });
      expect((await inbox(ctx, key(q.session))).map((n) => [n.answer, n.excerpt])).toEqual([
        [a.id, API_MSG.hiddenReply],
      ]);
      // The follower's read update notice, once its question is hidden.
      await markRead(ctx, key(q.session), { all: true });
      await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/updates/`,
        session: q.session,
        body: { text: 'We met at the cafe on Elm Street.' },
      });
      await markRead(ctx, key(follower), { all: true });
      await createReport(ctx, { question: q.id });
      await createReport(ctx, { question: q.id });
      const read = await inbox(ctx, key(follower));
      expect(read.map((n) => [n.kind, n.excerpt, n.read])).toEqual([
        ['update', API_MSG.hiddenQuestion, true],
      ]);
      expect(JSON.stringify(await inbox(ctx, key(q.session)))).not.toMatch(/Dana|Unread when/);
      // Its author, editing it while hidden, brings nothing back.
      const edit = await ctx.request({
        method: 'PATCH',
        url: `/api/answers/${a.id}/`,
        session: a.session,
        body: { text: 'Call Dana at 555.' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(JSON.stringify(await inbox(ctx, key(q.session)))).not.toMatch(/Dana/);
    });

    it('quotes an edited reply as it now reads, in every inbox it reached, read or not', async () => {
      const asker = await createUser(ctx);
      const q = await createQuestion(ctx, { token: asker.access });
      const follower = newSession();
      await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/follow/`,
        session: follower,
      });
      const a = await createAnswer(ctx, q.id, { text: 'Text Sam Rivers on 0791 112 3456.' });
      const nested = await createAnswer(ctx, q.id, { parent_id: a.id, text: 'Mine, unedited.' });
      const marked = await ctx.request({
        method: 'POST',
        url: `/api/answers/${a.id}/helpful/`,
        token: asker.access,
      });
      expect(marked.statusCode, marked.body).toBe(200);
      await markRead(ctx, key(follower), { all: true });
      const before = await inbox(ctx, { token: asker.access });
      expect(before.map((n) => n.answer)).toEqual([nested.id]);
      const edit = await ctx.request({
        method: 'PATCH',
        url: `/api/answers/${a.id}/`,
        session: a.session,
        body: { text: 'Talk to him.' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      // The follower's read notice of a, and a's own "helped" notice, quote the new text.
      expect((await inbox(ctx, key(follower))).map((n) => [n.answer, n.excerpt, n.read])).toEqual([
        [nested.id, 'Mine, unedited.', true],
      ]);
      const followerItems = await inbox(ctx, key(follower));
      expect(JSON.stringify(followerItems)).not.toMatch(/Sam|0791/);
      const helped = (await inbox(ctx, key(a.session))).find((n) => n.kind === 'helped');
      expect(helped).toMatchObject({ answer: a.id, excerpt: 'Talk to him.' });
      // Nothing new for anyone: an edit changes what is quoted, not what is unread.
      expect(await unread(ctx, key(follower))).toBe(0);
      const other = await createQuestion(ctx);
      const first = await createAnswer(ctx, other.id, { text: 'Her name is Ana Lopez.' });
      await markRead(ctx, key(other.session), { all: true });
      const edited = await ctx.request({
        method: 'PATCH',
        url: `/api/answers/${first.id}/`,
        session: first.session,
        body: { text: 'Be kind.' },
      });
      expect(edited.statusCode).toBe(200);
      expect((await inbox(ctx, key(other.session))).map((n) => [n.excerpt, n.read])).toEqual([
        ['Be kind.', true],
      ]);
      expect(await unread(ctx, key(other.session))).toBe(0);
    });

    it('drops read notifications of a deleted reply too', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id, { text: 'Gone soon.' });
      await markRead(ctx, key(q.session), { all: true });
      const del = await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${a.id}/`,
        session: a.session,
      });
      expect(del.statusCode).toBe(204);
      expect(await inbox(ctx, key(q.session))).toEqual([]);
    });

    it('marks notifications read by id (only the caller’s) or all, and pages them', async () => {
      const asker = newSession();
      const questions = [];
      for (let i = 0; i < 5; i += 1) questions.push(await createQuestion(ctx, { session: asker }));
      for (const q of questions) await createAnswer(ctx, q.id);
      const all = await inbox(ctx, key(asker));
      expect(all.map((n) => n.question)).toEqual(questions.map((q) => q.id).reverse());
      const first = await ctx.request({
        method: 'GET',
        url: '/api/notifications/?limit=2',
        session: asker,
      });
      const pages = [first.json<Item[]>().map((n) => n.id)];
      let link = nextPage(first.headers.link);
      while (link !== null) {
        const res = await ctx.request({ method: 'GET', url: link, session: asker });
        pages.push(res.json<Item[]>().map((n) => n.id));
        link = nextPage(res.headers.link);
      }
      expect(pages.flat()).toEqual(all.map((n) => n.id));
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);

      // Another identity's ids change nothing.
      const other = newSession();
      const res = await markRead(ctx, key(other), { ids: all.map((n) => n.id) });
      expect(res.statusCode).toBe(204);
      expect(await unread(ctx, key(asker))).toBe(5);
      expect((await markRead(ctx, key(asker), { ids: [all[0]?.id] })).statusCode).toBe(204);
      expect(await unread(ctx, key(asker))).toBe(4);
      expect((await inbox(ctx, key(asker)))[0]).toMatchObject({ id: all[0]?.id, read: true });
      // A read item no longer gathers: the next reply starts a new one.
      await createAnswer(ctx, questions.at(-1)?.id as number);
      expect(await unread(ctx, key(asker))).toBe(5);
      expect((await markRead(ctx, key(asker), { all: true })).statusCode).toBe(204);
      expect(await unread(ctx, key(asker))).toBe(0);
    });

    it("names each item's question by its first 140 characters of plain text, hidden ones excepted", async () => {
      const admin = await createAdmin(ctx);
      const words = `Should I text <strong>her</strong> &amp; ask?<br>${'Still waiting. '.repeat(12)}`;
      const q = await createQuestion(ctx, { text: `<h1>Help</h1><p>${words}</p>` });
      const plain = `Help Should I text her & ask? ${'Still waiting. '.repeat(12).trim()}`;
      const first140 = [...plain].slice(0, 140).join('');
      const follower = newSession();
      expect((await followAs(ctx, q.id, key(follower))).statusCode).toBe(204);
      expect((await followAs(ctx, q.id, { token: admin.access })).statusCode).toBe(204);
      await createAnswer(ctx, q.id);
      for (const who of [key(q.session), key(follower), { token: admin.access }]) {
        const [item] = await inbox(ctx, who);
        expect(item).toMatchObject({ question: q.id, question_text: first140 });
        expect(item?.question_text).not.toMatch(/[<>]|&amp;/);
      }
      // Edited, the question's new words show in the items it already has.
      const edit = await ctx.request({
        method: 'PATCH',
        url: `/api/questions/${q.id}/`,
        session: q.session,
        body: { text: '<p>Should I <em>call</em> her instead?</p>' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await inbox(ctx, key(follower)))[0]?.question_text).toBe(
        'Should I call her instead?',
      );
      // Hidden by reports: a follower's read item no longer names it; its asker and admins
      // still see it, as they see the question. (Hiding drops the unread items about it.)
      for (const who of [key(follower), { token: admin.access }, key(q.session)]) {
        expect((await markRead(ctx, who, { all: true })).statusCode).toBe(204);
      }
      await createReport(ctx, { question: q.id });
      await createReport(ctx, { question: q.id });
      const hidden = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(hidden.json()).toMatchObject({ hidden: true });
      const followers = await inbox(ctx, key(follower));
      expect(followers.map((n) => [n.question, n.question_text])).toEqual([[q.id, null]]);
      expect((await inbox(ctx, { token: admin.access }))[0]?.question_text).toBe(
        'Should I call her instead?',
      );
      const askers = await inbox(ctx, key(q.session));
      expect(askers.map((n) => [n.kind, n.question_text])).toEqual([
        ['moderation', 'Should I call her instead?'],
        ['reply', 'Should I call her instead?'],
      ]);
      // Removed, it names nothing.
      const gone = await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${q.id}/`,
        token: admin.access,
      });
      expect(gone.statusCode).toBe(204);
      const after = await inbox(ctx, key(q.session));
      expect(after[0]).toMatchObject({ kind: 'moderation', question: null, question_text: null });
      expect(after.map((n) => n.question_text)).toEqual(after.map(() => null));
    });

    it('marks every notification of a question read when its thread is opened, and only the caller’s', async () => {
      const follower = newSession();
      const [q1, q2] = [await createQuestion(ctx), await createQuestion(ctx)];
      for (const q of [q1, q2])
        expect((await followAs(ctx, q.id, key(follower))).statusCode).toBe(204);
      await createAnswer(ctx, q1.id);
      await createAnswer(ctx, q2.id);
      const update = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q1.id}/updates/`,
        session: q1.session,
        body: { text: 'It went well.' },
      });
      expect(update.statusCode, update.body).toBe(201);
      expect(await unread(ctx, key(follower))).toBe(3);
      // Another identity opening the thread changes nothing here; nor does a question
      // that is not there.
      expect((await markRead(ctx, key(newSession()), { question: q1.id })).statusCode).toBe(204);
      expect((await markRead(ctx, key(follower), { question: 2147483647 })).statusCode).toBe(204);
      expect(await unread(ctx, key(follower))).toBe(3);
      expect((await markRead(ctx, key(follower), { question: q1.id })).statusCode).toBe(204);
      expect(await unread(ctx, key(follower))).toBe(1);
      const items = await inbox(ctx, key(follower));
      expect(items.map((n) => [n.question, n.kind, n.read]).sort()).toEqual(
        [
          [q1.id, 'reply', true],
          [q1.id, 'update', true],
          [q2.id, 'reply', false],
        ].sort(),
      );
      // The asker's own inbox is theirs alone, and an account's works alike.
      expect(await unread(ctx, key(q1.session))).toBe(1);
      const user = await createUser(ctx);
      const mine = await createQuestion(ctx, { token: user.access });
      await createAnswer(ctx, mine.id);
      await createAnswer(ctx, mine.id, { parent_id: (await createAnswer(ctx, mine.id)).id });
      expect(await unread(ctx, { token: user.access })).toBe(1);
      const read = await markRead(ctx, { token: user.access }, { question: mine.id });
      expect(read.statusCode).toBe(204);
      expect(await unread(ctx, { token: user.access })).toBe(0);
      expect(await unread(ctx, key(q1.session))).toBe(1);
      for (const body of [
        { question: 0 },
        { question: 'x' },
        { question: 2147483648 },
        { question: q1.id, all: true },
        { question: q1.id, ids: [1] },
      ]) {
        const res = await markRead(ctx, key(follower), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await markRead(ctx, {}, { question: q1.id })).statusCode).toBe(400);
    });

    it('lists what an identity follows, latest first, a page at a time', async () => {
      const admin = await createAdmin(ctx);
      const follower = newSession();
      expect(await following(ctx, key(follower))).toEqual([]);
      const own = await createQuestion(ctx, {
        session: follower,
        text: `<p>My <b>own</b> question ${'and more words '.repeat(10)}</p>`,
      });
      const others = [
        await createQuestion(ctx),
        await createQuestion(ctx),
        await createQuestion(ctx),
      ];
      for (const q of others)
        expect((await followAs(ctx, q.id, key(follower))).statusCode).toBe(204);
      const list = await following(ctx, key(follower));
      expect(list.map((f) => f.question)).toEqual([...others.map((q) => q.id).reverse(), own.id]);
      expect(list.at(-1)).toEqual({
        question: own.id,
        question_text: [...`My own question ${'and more words '.repeat(10)}`.trim()]
          .slice(0, 140)
          .join(''),
        followed_at: expect.any(String),
      });
      expect(list[0]?.question_text).toBe(
        `How do I ${others[2]?.text.slice('<p>How do I '.length, -'?</p>'.length)}?`,
      );
      // A page at a time, as every list is.
      const pages: number[][] = [];
      let url: string | null = '/api/my/following/?limit=3';
      while (url !== null) {
        const res = await ctx.request({ method: 'GET', url, session: follower });
        expect(res.statusCode, res.body).toBe(200);
        pages.push(res.json<Followed[]>().map((f) => f.question));
        url = nextPage(res.headers.link);
      }
      expect(pages).toEqual([list.slice(0, 3).map((f) => f.question), [own.id]]);
      // Unfollowed, it goes; followed again, it comes first, followed since then.
      const [latest, middle] = list;
      expect(
        (await followAs(ctx, middle?.question as number, key(follower), 'DELETE')).statusCode,
      ).toBe(204);
      expect((await following(ctx, key(follower))).map((f) => f.question)).not.toContain(
        middle?.question,
      );
      expect((await followAs(ctx, middle?.question as number, key(follower))).statusCode).toBe(204);
      const again = await following(ctx, key(follower));
      expect(again[0]?.question).toBe(middle?.question);
      expect(Date.parse(again[0]?.followed_at ?? '')).toBeGreaterThanOrEqual(
        Date.parse(latest?.followed_at ?? ''),
      );
      // Nobody else's: another key and an account each see their own.
      expect(await following(ctx, key(newSession()))).toEqual([]);
      const user = await createUser(ctx);
      expect(await following(ctx, { token: user.access })).toEqual([]);
      expect((await followAs(ctx, own.id, { token: user.access })).statusCode).toBe(204);
      expect((await following(ctx, { token: user.access })).map((f) => f.question)).toEqual([
        own.id,
      ]);
      // Hidden by reports: listed without its words, but for its asker and admins.
      expect((await followAs(ctx, own.id, { token: admin.access })).statusCode).toBe(204);
      await createReport(ctx, { question: own.id });
      await createReport(ctx, { question: own.id });
      expect((await following(ctx, { token: user.access }))[0]).toMatchObject({
        question: own.id,
        question_text: null,
      });
      for (const who of [key(follower), { token: admin.access }]) {
        const hidden = (await following(ctx, who)).find((f) => f.question === own.id);
        expect(hidden?.question_text).toMatch(/^My own question/);
      }
      // Without an identity, with a forged cursor or another list's cursor: 400.
      const nobody = await ctx.request({ method: 'GET', url: '/api/my/following/' });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
      expect(nobody.headers['cache-control']).toBe('private, no-store');
      const inboxCursor = ctx.app.cursors.encode('inbox', { at: 1, id: 1 });
      for (const query of [
        '?limit=0',
        '?limit=101',
        '?cursor=forged.cursor',
        `?cursor=${inboxCursor}`,
      ]) {
        const res = await ctx.request({
          method: 'GET',
          url: `/api/my/following/${query}`,
          session: follower,
        });
        expect(res.statusCode, query).toBe(400);
      }
    });

    it('refuses bad input with its status and message', async () => {
      const session = newSession();
      for (const url of ['/api/notifications/', '/api/notifications/unread/']) {
        const nobody = await ctx.request({ method: 'GET', url });
        expect(nobody.statusCode).toBe(400);
        expect(nobody.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
        const weak = await ctx.request({ method: 'GET', url, session: 'a'.repeat(30) });
        expect(weak.statusCode).toBe(400);
        expect(Object.keys(weak.json())).toEqual(['session_id']);
      }
      const noBody = await markRead(ctx, {}, { all: true });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
      for (const body of [
        {},
        { ids: [] },
        { ids: ['x'] },
        { ids: [0] },
        { ids: [1], all: true },
        { all: false },
        { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      ]) {
        const res = await markRead(ctx, key(session), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      for (const query of ['?limit=0', '?limit=101', '?limit=x', '?cursor=forged.cursor']) {
        const res = await ctx.request({
          method: 'GET',
          url: `/api/notifications/${query}`,
          session,
        });
        expect(res.statusCode, query).toBe(400);
      }
    });

    it('moves a claimed key’s notifications and follows into the account', async () => {
      const user = await createUser(ctx);
      const q = await createQuestion(ctx);
      await createAnswer(ctx, q.id);
      const claim = await ctx.request({
        method: 'POST',
        url: '/api/my/claim/',
        token: user.access,
        body: { session_id: q.session },
      });
      expect(claim.statusCode, claim.body).toBe(200);
      expect(await inbox(ctx, key(q.session))).toEqual([]);
      expect((await inbox(ctx, { token: user.access })).map((n) => n.question)).toEqual([q.id]);
      await createAnswer(ctx, q.id);
      expect((await inbox(ctx, { token: user.access }))[0]?.count).toBe(2);
      const detail = await ctx.request({
        method: 'GET',
        url: `/api/questions/${q.id}/`,
        token: user.access,
      });
      expect(detail.json()).toMatchObject({ following: true });
    });
  });
}
