/**
 * Hidden stays hidden (presenters/ownership.ts `visibleTo`), on every path: every call of
 * the OpenAPI document that takes a question or an answer id (in its path or its query) is
 * walked with a question hidden by reports (with a reply from before the hide, the asker's
 * reply and update from after it), and a hidden reply (with a reply under it), as nobody,
 * a stranger's key, another account and a follower of both questions, who never get a
 * hidden text (a 404, as for what is not there, or a response without it), and as the
 * authors and an admin, who read it all. A call the walk does not know fails the test, so
 * that a new call is walked too.
 */
import { API_MSG } from '@dating/contract';
import { expect, it } from 'vitest';
import { encodeThreadCursor } from '../src/lib/cursor.ts';
import {
  type Author,
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  uniqueWord,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

/** Hidden while moderators review it: three reporters from three networks. */
async function hide(ctx: TestContext, target: { question: number } | { answer: number }) {
  for (let i = 0; i < 3; i += 1) await createReport(ctx, target);
}

interface World {
  /** The hidden question, its asker's key, and a reply from before the hide. */
  q1: number;
  asker: Author;
  r1: number;
  /** The asker's reply after the hide. */
  r1b: number;
  /** A visible question with a hidden reply (by `answerer`), and a reply under that one. */
  q2: number;
  h2: number;
  answerer: Author;
  p2: number;
  follower: Author;
  admin: Author;
  /** Each hidden text by what it is. */
  secret: { question: string; reply: string; after: string; update: string; answer: string };
}

async function build(ctx: TestContext): Promise<World> {
  const secret = {
    question: uniqueWord('zqquestion'),
    reply: uniqueWord('zqreply'),
    after: uniqueWord('zqafter'),
    update: uniqueWord('zqupdate'),
    answer: uniqueWord('zqanswer'),
  };
  const admin = { token: (await createAdmin(ctx)).access };
  const follower = { session: newSession() };
  const follow = async (id: number) => {
    const res = await ctx.request({
      method: 'POST',
      url: `/api/questions/${id}/follow/`,
      ...follower,
    });
    expect(res.statusCode, res.body).toBe(204);
  };
  const q1 = await createQuestion(ctx, { text: `<p>What now, ${secret.question}?</p>` });
  const asker = { session: q1.session };
  await follow(q1.id);
  const r1 = await createAnswer(ctx, q1.id, { text: `Before the hide, ${secret.reply}` });
  const q2 = await createQuestion(ctx);
  await follow(q2.id);
  const h2 = await createAnswer(ctx, q2.id, { text: `Call me, ${secret.answer}` });
  const answerer = { session: h2.session };
  await hide(ctx, { question: q1.id });
  await hide(ctx, { answer: h2.id });
  const r1b = await createAnswer(ctx, q1.id, {
    session: q1.session,
    text: `After the hide, ${secret.after}`,
  });
  const update = await ctx.request({
    method: 'POST',
    url: `/api/questions/${q1.id}/updates/`,
    ...asker,
    body: { text: `We talked, ${secret.update}` },
  });
  expect(update.statusCode, update.body).toBe(201);
  const p2 = await createAnswer(ctx, q2.id, {
    session: h2.session,
    parent_id: h2.id,
    text: 'A reply under the hidden one.',
  });
  return {
    q1: q1.id,
    asker,
    r1: r1.id,
    r1b: r1b.id,
    q2: q2.id,
    h2: h2.id,
    answerer,
    p2: p2.id,
    follower,
    admin,
    secret,
  };
}

/** One request of the walk, about one question or answer. */
interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: Record<string, unknown>;
  /** Whether what it is about is hidden from everybody but its authors and admins. */
  hidden: boolean;
  /** What others get instead of a 404 (a hidden question's page shows its notice). */
  othersGet?: number | number[];
  /** For a read: the hidden texts it shows to `readers` and admins. */
  shows?: string[];
  readers?: Author[];
  /** An event stream: read through a listening server. */
  stream?: boolean;
}

/** How each call that takes a question or an answer id is walked. */
const CALLS: Record<string, (w: World, ctx: TestContext) => Call[]> = {
  'GET /api/questions/{id}/': (w) => [
    {
      method: 'GET',
      url: `/api/questions/${w.q1}/`,
      hidden: true,
      othersGet: 200,
      shows: [w.secret.question, w.secret.reply, w.secret.after, w.secret.update],
      readers: [w.asker],
    },
    {
      method: 'GET',
      url: `/api/questions/${w.q2}/`,
      hidden: false,
      shows: [w.secret.answer],
      readers: [w.answerer],
    },
  ],
  'PATCH /api/questions/{id}/': (w) =>
    [w.q1, w.q2].map((id) => ({
      method: 'PATCH' as const,
      url: `/api/questions/${id}/`,
      body: { text: '<p>Changed by someone else.</p>' },
      hidden: id === w.q1,
    })),
  'DELETE /api/questions/{id}/': (w) =>
    [w.q1, w.q2].map((id) => ({
      method: 'DELETE' as const,
      url: `/api/questions/${id}/`,
      body: {},
      hidden: id === w.q1,
    })),
  'GET /api/questions/{id}/answers/': (w, ctx) => {
    const page = (cursor: Parameters<typeof encodeThreadCursor>[1]) =>
      `/api/questions/${cursor.question}/answers/?cursor=${encodeURIComponent(
        encodeThreadCursor(ctx.app.cursors, cursor),
      )}`;
    return [
      {
        method: 'GET',
        // The top level after the reply from before the hide: the asker's from after it.
        url: page({ question: w.q1, parent: null, after: { id: w.r1, helped: false } }),
        hidden: true,
        shows: [w.secret.after],
        readers: [w.asker],
      },
      {
        method: 'GET',
        // The replies under the hidden reply.
        url: page({ question: w.q2, parent: w.h2, after: null }),
        hidden: false,
        readers: [w.answerer],
      },
    ];
  },
  'POST /api/questions/{id}/answers/': (w) => [
    {
      method: 'POST',
      url: `/api/questions/${w.q1}/answers/`,
      body: { text: 'Replying anyway.' },
      hidden: true,
      // Refused as the page says: "This post is hidden while moderators review it."
      othersGet: 403,
    },
    ...[w.r1, w.r1b, w.h2].map((parent) => ({
      method: 'POST' as const,
      url: `/api/questions/${parent === w.h2 ? w.q2 : w.q1}/answers/`,
      body: { text: 'Replying to it.', parent_id: parent },
      hidden: true,
      // Under a hidden question, refused as above; under a hidden reply, as a parent
      // that is not there.
      othersGet: parent === w.h2 ? 400 : 403,
    })),
  ],
  'POST /api/questions/{id}/updates/': (w) => [
    {
      method: 'POST',
      url: `/api/questions/${w.q1}/updates/`,
      body: { text: 'Not my question.' },
      hidden: true,
    },
  ],
  'POST /api/questions/{id}/like/': (w) => [
    { method: 'POST', url: `/api/questions/${w.q1}/like/`, body: {}, hidden: true },
  ],
  'DELETE /api/questions/{id}/like/': (w) => [
    { method: 'DELETE', url: `/api/questions/${w.q1}/like/`, body: {}, hidden: true },
  ],
  'POST /api/questions/{id}/follow/': (w) => [
    { method: 'POST', url: `/api/questions/${w.q1}/follow/`, body: {}, hidden: true },
  ],
  'DELETE /api/questions/{id}/follow/': (w) => [
    { method: 'DELETE', url: `/api/questions/${w.q1}/follow/`, body: {}, hidden: true },
  ],
  'GET /api/answers/{id}/': (w) => [
    {
      method: 'GET',
      url: `/api/answers/${w.r1}/`,
      hidden: true,
      shows: [w.secret.reply],
      readers: [w.asker],
    },
    {
      method: 'GET',
      url: `/api/answers/${w.r1b}/`,
      hidden: true,
      shows: [w.secret.after],
      readers: [w.asker],
    },
    {
      method: 'GET',
      url: `/api/answers/${w.h2}/`,
      hidden: true,
      shows: [w.secret.answer],
      readers: [w.answerer],
    },
    { method: 'GET', url: `/api/answers/${w.p2}/`, hidden: false },
  ],
  'PATCH /api/answers/{id}/': (w) =>
    answers(w).map((id) => ({
      method: 'PATCH' as const,
      url: `/api/answers/${id}/`,
      body: { text: 'Changed by someone else.' },
      hidden: id !== w.p2,
    })),
  'DELETE /api/answers/{id}/': (w) =>
    answers(w).map((id) => ({
      method: 'DELETE' as const,
      url: `/api/answers/${id}/`,
      body: {},
      hidden: id !== w.p2,
    })),
  'POST /api/answers/{id}/like/': (w) =>
    [w.r1, w.r1b, w.h2].map((id) => ({
      method: 'POST' as const,
      url: `/api/answers/${id}/like/`,
      body: {},
      hidden: true,
    })),
  'DELETE /api/answers/{id}/like/': (w) =>
    [w.r1, w.r1b, w.h2].map((id) => ({
      method: 'DELETE' as const,
      url: `/api/answers/${id}/like/`,
      body: {},
      hidden: true,
    })),
  'POST /api/answers/{id}/helpful/': (w) =>
    [w.r1, w.r1b].map((id) => ({
      method: 'POST' as const,
      url: `/api/answers/${id}/helpful/`,
      body: {},
      hidden: true,
    })),
  'DELETE /api/answers/{id}/helpful/': (w) =>
    [w.r1, w.r1b].map((id) => ({
      method: 'DELETE' as const,
      url: `/api/answers/${id}/helpful/`,
      body: {},
      hidden: true,
    })),
  // Admins only: anyone else is refused before any content is read.
  'POST /api/reports/groups/{type}/{id}/review/': (w) => [
    {
      method: 'POST',
      url: `/api/reports/groups/question/${w.q1}/review/`,
      body: { status: 'rejected' },
      hidden: true,
      othersGet: [401, 403],
    },
    {
      method: 'POST',
      url: `/api/reports/groups/answer/${w.h2}/review/`,
      body: { status: 'rejected' },
      hidden: true,
      othersGet: [401, 403],
    },
  ],
  'GET /api/events/': (w) => [
    {
      method: 'GET',
      url: `/api/events/?question=${w.q1}`,
      hidden: true,
      stream: true,
      readers: [w.asker],
    },
  ],
};

const answers = (w: World) => [w.r1, w.r1b, w.h2, w.p2];

/** The calls of the document that take a question or an answer id, as `METHOD /path`. */
async function callsWithIds(ctx: TestContext): Promise<string[]> {
  const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json<{
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  }>();
  const found: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const inPath = /\/(questions|answers)\/\{id\}\/|\{type\}\/\{id\}/.test(path);
      const inQuery = (operation.parameters ?? []).some(
        (p) => p.in === 'query' && (p.name === 'question' || p.name === 'answer'),
      );
      if (inPath || inQuery) found.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return found;
}

describeEachEngine('hidden stays hidden', (ctx) => {
  it('walks every call that takes a question or an answer id, as everybody', async () => {
    const w = await build(ctx);
    const secrets = Object.values(w.secret);
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const send = async (call: Call, who: Author) => {
      if (call.stream) {
        const controller = new AbortController();
        const headers: Record<string, string> = {};
        if (who.token) headers.authorization = `Bearer ${who.token}`;
        if (who.session) headers['x-session-id'] = who.session;
        const res = await fetch(`${base}${call.url}`, { headers, signal: controller.signal });
        const body = res.status === 200 ? '' : await res.text();
        controller.abort();
        return { statusCode: res.status, body };
      }
      return ctx.request({ method: call.method, url: call.url, body: call.body, ...who });
    };

    const walked = await callsWithIds(ctx);
    expect(walked.length).toBeGreaterThanOrEqual(Object.keys(CALLS).length);
    const others: [string, Author][] = [
      ['nobody', {}],
      ['a stranger', { session: newSession() }],
      ['another account', { token: (await createUser(ctx)).access }],
      ['a follower', w.follower],
    ];
    for (const key of walked) {
      const make = CALLS[key];
      expect(make, `${key} takes a question or an answer id: walk it`).toBeDefined();
      for (const call of make?.(w, ctx) ?? []) {
        for (const [name, who] of others) {
          const res = await send(call, who);
          const what = `${name}: ${call.method} ${call.url}`;
          for (const text of secrets) expect(res.body, what).not.toContain(text);
          if (!call.hidden) continue;
          // Without an identity, a write is refused for that first (400 or 401).
          const identified = who.session !== undefined || who.token !== undefined;
          if (identified) expect([call.othersGet ?? 404].flat(), what).toContain(res.statusCode);
          else expect(res.statusCode === 200, what).toBe(call.othersGet === 200);
          if (res.statusCode === 404) {
            expect(JSON.parse(res.body), what).toEqual({
              code: 'notFound',
              detail: API_MSG.notFound,
            });
          }
        }
      }
    }

    // What others tried changed nothing: as the admin reads it.
    const asAdmin = await ctx.request({
      method: 'GET',
      url: `/api/questions/${w.q1}/`,
      ...w.admin,
    });
    const q1 = asAdmin.json<{ text: string; likes: number; updates: unknown[] }>();
    expect(q1.text).toContain(w.secret.question);
    expect(q1.likes).toBe(0);
    expect(q1.updates).toHaveLength(1);
    for (const id of [w.r1, w.r1b, w.h2]) {
      const one = await ctx.request({ method: 'GET', url: `/api/answers/${id}/`, ...w.admin });
      expect(one.json<{ likes: number; helpful: boolean }>()).toMatchObject({
        likes: 0,
        helpful: false,
      });
    }

    // The authors of what is hidden, and admins, read it all.
    for (const key of walked) {
      for (const call of CALLS[key]?.(w, ctx) ?? []) {
        if (call.method !== 'GET') continue;
        for (const who of [...(call.readers ?? []), w.admin]) {
          const res = await send(call, who);
          const what = `${JSON.stringify(who).slice(0, 20)}: ${call.url}`;
          expect(res.statusCode, what).toBe(200);
          for (const text of call.shows ?? []) expect(res.body, what).toContain(text);
        }
      }
    }

    // Nobody else was told of what happened under the hidden question, nor quoted it.
    for (const who of [w.follower, w.answerer, { session: newSession() }]) {
      const inbox = await ctx.request({ method: 'GET', url: '/api/notifications/', ...who });
      for (const text of [w.secret.question, w.secret.reply, w.secret.after, w.secret.update]) {
        expect(inbox.body).not.toContain(text);
      }
      // Its author is told what happened to their hidden reply, and nothing more of it.
      const items = inbox.json<{ kind: string; answer: number | null }[]>();
      const about = items.filter((n) => n.answer === w.r1b || n.answer === w.h2);
      expect(about.filter((n) => n.kind !== 'moderation')).toEqual([]);
    }
  });

  it('shows its own reply to the author of a reply under a hidden question, but not the question', async () => {
    const secret = uniqueWord('zqasked');
    const q = await createQuestion(ctx, { text: `<p>Hidden soon, ${secret}</p>` });
    const a = await createAnswer(ctx, q.id, { text: 'My own reply.' });
    await hide(ctx, { question: q.id });
    const own = await ctx.request({
      method: 'GET',
      url: `/api/answers/${a.id}/`,
      session: a.session,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ text: 'My own reply.' });
    const mine = await ctx.request({
      method: 'GET',
      url: '/api/my/anonymous/',
      session: a.session,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain(secret);
    expect(mine.json<{ id: number; question_text: string }[]>()).toEqual([
      expect.objectContaining({ id: a.id, question_text: API_MSG.hiddenQuestion }),
    ]);
    // Its asker still reads the question's text in their own list.
    const askers = await ctx.request({
      method: 'GET',
      url: '/api/my/anonymous/',
      session: q.session,
    });
    expect(askers.body).toContain(secret);
  });

  it("likes: a hidden item's author and admins may like it; anyone else gets 404 both ways", async () => {
    const admin = { token: (await createAdmin(ctx)).access };
    const q = await createQuestion(ctx);
    const a = await createAnswer(ctx, q.id);
    const stranger = { session: newSession() };
    const like = (method: 'POST' | 'DELETE', url: string, who: Author) =>
      ctx.request({ method, url, body: {}, ...who });
    // Liked while it showed: taken back no more once it is hidden (it is not there).
    expect((await like('POST', `/api/answers/${a.id}/like/`, stranger)).statusCode).toBe(200);
    await hide(ctx, { answer: a.id });
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await like(method, `/api/answers/${a.id}/like/`, stranger);
      expect(res.statusCode, method).toBe(404);
    }
    const own = await like('POST', `/api/answers/${a.id}/like/`, { session: a.session });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ likes: 2 });
    expect((await like('POST', `/api/answers/${a.id}/like/`, admin)).json()).toEqual({ likes: 3 });
    expect((await like('DELETE', `/api/answers/${a.id}/like/`, admin)).statusCode).toBe(204);
    // The replies of a hidden question, and the question itself, alike; its asker may.
    const b = await createAnswer(ctx, q.id);
    await hide(ctx, { question: q.id });
    for (const url of [`/api/answers/${b.id}/like/`, `/api/questions/${q.id}/like/`]) {
      expect((await like('POST', url, stranger)).statusCode, url).toBe(404);
      expect((await like('POST', url, { session: q.session })).statusCode, url).toBe(200);
    }
    // With an idempotency key too (a like written in a transaction of its own).
    const keyed = await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/like/`,
      session: stranger.session,
      headers: { 'idempotency-key': `hidden-like-${newSession()}` },
      body: {},
    });
    expect(keyed.statusCode).toBe(404);
  });
});
