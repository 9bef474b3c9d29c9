/**
 * Perspectives and outcomes, through HTTP on both engines: the thread
 * filtered to one group with the counts per group; "This helped" marks by the asker only,
 * at most 3 a question even when sent at once; dated updates by the asker only, at most 5,
 * with the feed's `has_updates` filter; and a kept long thread that shows each at once.
 */
import {
  type AnswerNode,
  API_MSG,
  LIMITS,
  OUTCOME_API_MSG,
  type PowChallenge,
  type QuestionDetail,
  type QuestionSummary,
} from '@dating/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Author, createAnswer, createQuestion, createUser, walkPages } from './factories.ts';
import {
  createTestContext,
  describeEachEngine,
  ENGINES,
  newSession,
  type TestContext,
} from './harness.ts';

async function detail(ctx: TestContext, id: number, query = '', auth: Author = {}) {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/${id}/${query}`, ...auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuestionDetail>();
}

function reply(
  ctx: TestContext,
  questionId: number,
  session: string,
  fields: { gender?: string; age_range?: string; parent_id?: number; text?: string } = {},
) {
  return ctx
    .request({
      method: 'POST',
      url: `/api/questions/${questionId}/answers/`,
      session,
      body: { text: 'My view', ...fields, session_id: session },
    })
    .then((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    });
}

function mark(
  ctx: TestContext,
  answerId: number,
  auth: Author,
  method: 'POST' | 'DELETE' = 'POST',
) {
  return ctx.request({ method, url: `/api/answers/${answerId}/helpful/`, ...auth });
}

function addUpdate(ctx: TestContext, questionId: number, auth: Author, text: unknown) {
  return ctx.request({
    method: 'POST',
    url: `/api/questions/${questionId}/updates/`,
    ...auth,
    body: { text, ...(auth.session ? { session_id: auth.session } : {}) },
  });
}

function expectDetail(res: LightMyRequestResponse, status: number, detailText: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ code: expect.any(String), detail: detailText });
}

const flat = (nodes: AnswerNode[]): AnswerNode[] => nodes.flatMap((n) => [n, ...flat(n.replies)]);

describeEachEngine('perspectives', (ctx) => {
  let questionId = 0;
  let asker = '';
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const q = await createQuestion(ctx);
    questionId = q.id;
    asker = q.session as string;
    ids.w26 = await reply(ctx, questionId, newSession(), { gender: 'W', age_range: '26-35' });
    ids.m26 = await reply(ctx, questionId, newSession(), { gender: 'M', age_range: '26-35' });
    ids.w18 = await reply(ctx, questionId, newSession(), { gender: 'W', age_range: '18-25' });
    // A woman 26-35 answering the man, deep in the thread.
    ids.nestedW26 = await reply(ctx, questionId, newSession(), {
      gender: 'W',
      age_range: '26-35',
      parent_id: ids.m26,
    });
    ids.nb = await reply(ctx, questionId, newSession(), { gender: 'NB', age_range: '45+' });
    ids.plain = await reply(ctx, questionId, newSession());
  });

  it('counts the replies per gender and per age group, every code present', async () => {
    const body = await detail(ctx, questionId);
    expect(body.perspectives).toEqual({
      gender: { W: 3, M: 1, NB: 1, U: 1 },
      age_range: { '18-25': 1, '26-35': 3, '36-45': 0, '45+': 1, U: 1 },
    });
  });

  it("filters to one group's replies, flat, with the whole thread's counts", async () => {
    const both = await detail(ctx, questionId, '?perspective_gender=W&perspective_age=26-35');
    expect(both.answers.map((a) => a.id)).toEqual([ids.w26, ids.nestedW26]);
    for (const a of both.answers) expect(a.replies).toEqual([]);
    // The nested reply keeps its parent, so a client can say what it answered.
    expect(both.answers[1]?.parent_id).toBe(ids.m26);
    expect(both.perspectives.gender.W).toBe(3);

    const women = await detail(ctx, questionId, '?perspective_gender=W');
    expect(women.answers.map((a) => a.id)).toEqual([ids.w26, ids.w18, ids.nestedW26]);
    const aged = await detail(ctx, questionId, '?perspective_age=45%2B');
    expect(aged.answers.map((a) => a.id)).toEqual([ids.nb]);
    const none = await detail(ctx, questionId, '?perspective_gender=M&perspective_age=18-25');
    expect(none.answers).toEqual([]);
  });

  it('leaves hidden replies out for others, and counts them for their author', async () => {
    const q = await createQuestion(ctx);
    const author = newSession();
    const hidden = await reply(ctx, q.id, author, { gender: 'M', age_range: '36-45' });
    await reply(ctx, q.id, newSession(), { gender: 'M', age_range: '36-45' });
    await sql`UPDATE answers SET hidden_at = now() WHERE id = ${hidden}`.execute(ctx.database.db);

    const stranger = await detail(ctx, q.id, '?perspective_gender=M');
    expect(stranger.perspectives.gender.M).toBe(1);
    expect(stranger.answers.map((a) => a.id)).not.toContain(hidden);
    const own = await detail(ctx, q.id, '?perspective_gender=M', { session: author });
    expect(own.perspectives.gender.M).toBe(2);
    expect(own.answers.map((a) => a.id)).toContain(hidden);
  });

  it('does not count deleted replies', async () => {
    const q = await createQuestion(ctx);
    const author = newSession();
    const parent = await reply(ctx, q.id, author, { gender: 'W', age_range: '18-25' });
    await reply(ctx, q.id, newSession(), { gender: 'M', parent_id: parent });
    const gone = await ctx.request({
      method: 'DELETE',
      url: `/api/answers/${parent}/`,
      session: author,
    });
    expect(gone.statusCode).toBe(204);
    const body = await detail(ctx, q.id);
    // The placeholder stays in the thread, but has no perspective.
    expect(flat(body.answers).map((a) => a.is_deleted)).toEqual([true, false]);
    expect(body.perspectives.gender).toEqual({ W: 0, M: 1, NB: 0, U: 0 });
    expect((await detail(ctx, q.id, '?perspective_gender=U')).answers).toEqual([]);
  });

  it('refuses a perspective outside the enums with a 400 field error', async () => {
    for (const [query, field] of [
      ['perspective_gender=X', 'perspective_gender'],
      ['perspective_gender=w', 'perspective_gender'],
      ['perspective_age=26', 'perspective_age'],
      ['perspective_age=', 'perspective_age'],
      ['perspective_gender=W&perspective_gender=M', 'perspective_gender'],
    ] as const) {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/questions/${questionId}/?${query}`,
      });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
    const res = await ctx.request({
      method: 'GET',
      url: `/api/questions/${questionId}/?perspective_gender=X`,
    });
    expect(res.json()).toEqual({
      perspective_gender: ['Not a valid choice. Choose one of: W, M, NB, U.'],
    });
    // The asker's own view is not special: the same 400.
    const own = await ctx.request({
      method: 'GET',
      url: `/api/questions/${questionId}/?perspective_age=abc`,
      session: asker,
    });
    expect(own.statusCode).toBe(400);
  });
});

describeEachEngine('"This helped"', (ctx) => {
  it('lets the anonymous asker mark and unmark replies, idempotently, helped first', async () => {
    const q = await createQuestion(ctx);
    const asker = { session: q.session as string };
    const a1 = await createAnswer(ctx, q.id);
    const a2 = await createAnswer(ctx, q.id);
    const nested = await createAnswer(ctx, q.id, { parent_id: a1.id });

    const marked = await mark(ctx, a2.id, asker);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ id: a2.id, helpful: true, session_id: null });
    expect((await mark(ctx, a2.id, asker)).json().helpful).toBe(true);

    let body = await detail(ctx, q.id);
    expect(body.answers.map((a) => a.id)).toEqual([a2.id, a1.id]);
    expect(body.answers[0]?.helpful).toBe(true);
    expect(body.helped).toBe(true);

    // A nested helped reply brings its branch up too.
    expect((await mark(ctx, nested.id, asker)).statusCode).toBe(200);
    expect((await mark(ctx, a2.id, asker, 'DELETE')).json().helpful).toBe(false);
    expect((await mark(ctx, a2.id, asker, 'DELETE')).statusCode).toBe(200);
    body = await detail(ctx, q.id);
    expect(body.answers.map((a) => a.id)).toEqual([a1.id, a2.id]);
    expect(body.answers[0]?.replies[0]).toMatchObject({ id: nested.id, helpful: true });

    const feed = await ctx.request({ method: 'GET', url: '/api/questions/?limit=100' });
    const card = feed.json<QuestionSummary[]>().find((item) => item.id === q.id);
    expect(card?.helped).toBe(true);
    expect((await mark(ctx, nested.id, asker, 'DELETE')).statusCode).toBe(200);
    expect((await detail(ctx, q.id)).helped).toBe(false);
  });

  it('lets the signed-in asker mark, from any tab', async () => {
    const user = await createUser(ctx);
    const q = await createQuestion(ctx, { token: user.access });
    const a = await createAnswer(ctx, q.id);
    const res = await mark(ctx, a.id, { token: user.access, session: newSession() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().helpful).toBe(true);
  });

  it('refuses anyone but the asker with 403, and changes nothing', async () => {
    const user = await createUser(ctx);
    const q = await createQuestion(ctx);
    const a = await createAnswer(ctx, q.id);
    for (const auth of [
      {},
      { session: newSession() },
      { session: a.session },
      { token: user.access },
      // A signed-in request is its user: the asker's key beside the token is ignored.
      { token: user.access, session: q.session },
    ]) {
      expectDetail(await mark(ctx, a.id, auth), 403, API_MSG.forbidden);
      expectDetail(await mark(ctx, a.id, auth, 'DELETE'), 403, API_MSG.forbidden);
    }
    expect((await detail(ctx, q.id)).answers[0]?.helpful).toBe(false);
  });

  it('answers 404 for a missing or deleted reply, and refuses the asker marking their own', async () => {
    const q = await createQuestion(ctx);
    const asker = { session: q.session as string };
    expectDetail(await mark(ctx, 2_000_000_000, asker), 404, API_MSG.notFound);
    const mine = await createAnswer(ctx, q.id, asker);
    expectDetail(await mark(ctx, mine.id, asker), 400, OUTCOME_API_MSG.helpfulOwnReply);
    const parent = await createAnswer(ctx, q.id);
    await createAnswer(ctx, q.id, { parent_id: parent.id });
    await ctx.request({
      method: 'DELETE',
      url: `/api/answers/${parent.id}/`,
      session: parent.session,
    });
    expectDetail(await mark(ctx, parent.id, asker), 404, API_MSG.notFound);
  });

  it('refuses marking a hidden reply helpful with its own code, helpfulHidden', async () => {
    const q = await createQuestion(ctx);
    const asker = { session: q.session as string };
    const hidden = await createAnswer(ctx, q.id);
    await sql`UPDATE answers SET hidden_at = now() WHERE id = ${hidden.id}`.execute(
      ctx.database.db,
    );
    const res = await mark(ctx, hidden.id, asker);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(`{"detail":"${OUTCOME_API_MSG.helpfulHidden}","code":"helpfulHidden"}`);
  });

  it('allows at most 3 a question: a 4th is a 400; deleting a helped reply frees its place', async () => {
    const q = await createQuestion(ctx);
    const asker = { session: q.session as string };
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await createAnswer(ctx, q.id));
    for (const a of answers.slice(0, 3))
      expect((await mark(ctx, a.id, asker)).statusCode).toBe(200);
    const fourth = await mark(ctx, answers[3]?.id as number, asker);
    expectDetail(fourth, 400, OUTCOME_API_MSG.helpfulLimit);
    expect(OUTCOME_API_MSG.helpfulLimit).toBe(
      'You can mark at most 3 replies as helpful. Unmark one first.',
    );
    // Marking one already marked is still fine at the limit.
    expect((await mark(ctx, answers[0]?.id as number, asker)).statusCode).toBe(200);

    const removed = answers[0];
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/answers/${removed?.id}/`,
      session: removed?.session,
    });
    expect(del.statusCode).toBe(204);
    expect((await mark(ctx, answers[3]?.id as number, asker)).statusCode).toBe(200);
    const { rows } = await sql<{ helpful_count: number }>`
      SELECT helpful_count FROM questions WHERE id = ${q.id}`.execute(ctx.database.db);
    expect(rows[0]?.helpful_count).toBe(3);
  });

  it('keeps the limit when 8 marks are sent at once', async () => {
    const q = await createQuestion(ctx);
    const asker = { session: q.session as string };
    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push(await createAnswer(ctx, q.id));
    const results = await Promise.all(answers.map((a) => mark(ctx, a.id, asker)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
    const body = await detail(ctx, q.id);
    expect(body.answers.filter((a) => a.helpful)).toHaveLength(3);
    const { rows } = await sql<{ helpful_count: number }>`
      SELECT helpful_count FROM questions WHERE id = ${q.id}`.execute(ctx.database.db);
    expect(rows[0]?.helpful_count).toBe(3);
  });
});

describeEachEngine('updates', (ctx) => {
  it('lets the asker add dated updates, trimmed, oldest first, counted in the feed', async () => {
    const q = await createQuestion(ctx);
    const asker = { session: q.session as string };
    const first = await addUpdate(ctx, q.id, asker, '  We talked and it went well.  ');
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json<{ id: number; text: string; created_at: string }>();
    expect(created).toEqual({
      id: expect.any(Number),
      text: 'We talked and it went well.',
      created_at: expect.any(String),
    });
    const second = await addUpdate(ctx, q.id, asker, '<b>Not</b> markup');
    expect(second.statusCode).toBe(201);

    const body = await detail(ctx, q.id);
    expect(body.updates.map((u) => u.text)).toEqual([
      'We talked and it went well.',
      '<b>Not</b> markup',
    ]);
    expect(body.update_count).toBe(2);
    const feed = await ctx.request({ method: 'GET', url: '/api/questions/?limit=100' });
    expect(feed.json<QuestionSummary[]>().find((item) => item.id === q.id)?.update_count).toBe(2);
  });

  it('lets the signed-in asker add one, and takes 1,000 characters', async () => {
    const user = await createUser(ctx);
    const q = await createQuestion(ctx, { token: user.access });
    const res = await addUpdate(
      ctx,
      q.id,
      { token: user.access },
      'é'.repeat(LIMITS.updateTextMax),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses non-owners (403), missing questions (404) and bad text (400 on text)', async () => {
    const user = await createUser(ctx);
    const q = await createQuestion(ctx);
    const asker = { session: q.session as string };
    for (const auth of [{ session: newSession() }, { token: user.access }]) {
      expectDetail(await addUpdate(ctx, q.id, auth, 'Hello'), 403, API_MSG.forbidden);
    }
    const nobody = await addUpdate(ctx, q.id, {}, 'Hello');
    expect(nobody.statusCode).toBe(403);
    expectDetail(await addUpdate(ctx, 2_000_000_000, asker, 'Hello'), 404, API_MSG.notFound);
    for (const text of ['', '   \n\t ']) {
      const res = await addUpdate(ctx, q.id, asker, text);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ text: [OUTCOME_API_MSG.updateEmpty] });
    }
    const long = await addUpdate(ctx, q.id, asker, 'x'.repeat(LIMITS.updateTextMax + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      text: ['Ensure this field has no more than 1000 characters.'],
    });
    expect(long.headers['error-code']).toBe('updateTooLong');
    const huge = await addUpdate(ctx, q.id, asker, 'x'.repeat(LIMITS.updateTextMax * 4 + 1));
    expect(huge.statusCode).toBe(400);
    expect(Object.keys(huge.json())).toEqual(['text']);
    for (const text of [12345, null, ['x'], { text: 'x' }]) {
      const res = await addUpdate(ctx, q.id, asker, text);
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['text']);
    }
    const missing = await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/updates/`,
      ...asker,
      body: { session_id: asker.session },
    });
    expect(missing.json()).toEqual({ text: [API_MSG.required] });
    expect((await detail(ctx, q.id)).updates).toEqual([]);
  });

  it('allows at most 5: a 6th is a 400, even when sent at once', async () => {
    const q = await createQuestion(ctx);
    const asker = { session: q.session as string };
    for (let i = 0; i < 4; i += 1) {
      expect((await addUpdate(ctx, q.id, asker, `Update ${i}`)).statusCode).toBe(201);
    }
    const racing = await Promise.all(
      [0, 1, 2, 3].map((i) => addUpdate(ctx, q.id, asker, `Racing ${i}`)),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    const sixth = await addUpdate(ctx, q.id, asker, 'One more');
    expectDetail(sixth, 400, OUTCOME_API_MSG.updateLimit);
    expect(OUTCOME_API_MSG.updateLimit).toBe('A question can have at most 5 updates.');
    expect((await detail(ctx, q.id)).updates).toHaveLength(5);
  });

  it('creates once for 5 parallel requests with one Idempotency-Key', async () => {
    const q = await createQuestion(ctx);
    const session = q.session as string;
    const send = () =>
      ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/updates/`,
        session,
        headers: { 'idempotency-key': `update-${q.id}-key` },
        body: { text: 'Only once', session_id: session },
      });
    const results = await Promise.all([send(), send(), send(), send(), send()]);
    for (const r of results) expect([201, 409]).toContain(r.statusCode);
    const replay = await send();
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect((await detail(ctx, q.id)).updates.map((u) => u.text)).toEqual(['Only once']);
  });

  it('lists only questions with updates for has_updates=true; false or absent do not filter', async () => {
    const withUpdate = await createQuestion(ctx);
    const without = await createQuestion(ctx);
    await addUpdate(ctx, withUpdate.id, { session: withUpdate.session }, 'It went well');
    const only = (await walkPages(ctx, '/api/questions/?has_updates=true&limit=2')).flat();
    expect(only).toContain(withUpdate.id);
    expect(only).not.toContain(without.id);
    const all = await ctx.request({ method: 'GET', url: '/api/questions/?limit=100' });
    const allIds = all.json<QuestionSummary[]>().map((item) => item.id);
    const falseIds = (
      await ctx.request({ method: 'GET', url: '/api/questions/?has_updates=false&limit=100' })
    )
      .json<QuestionSummary[]>()
      .map((item) => item.id);
    expect(falseIds).toEqual(allIds);
    expect(allIds).toContain(without.id);
    for (const query of ['has_updates=1', 'has_updates=yes', 'has_updates=TRUE', 'has_updates=']) {
      const res = await ctx.request({ method: 'GET', url: `/api/questions/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({
        has_updates: ['Not a valid choice. Choose one of: true, false.'],
      });
    }
    const twice = await ctx.request({
      method: 'GET',
      url: '/api/questions/?has_updates=true&has_updates=false',
    });
    expect(twice.statusCode).toBe(400);
  });
});

describeEachEngine('a kept long thread shows outcomes at once', (ctx) => {
  it('shows a new mark, its order and a new update on the next read', async () => {
    const q = await createQuestion(ctx);
    const asker = { session: q.session as string };
    const answers = [];
    for (let i = 0; i < 24; i += 1) answers.push(await createAnswer(ctx, q.id, { text: `a${i}` }));
    const first = await detail(ctx, q.id);
    // Read twice: the second read comes from the kept copy.
    expect(await detail(ctx, q.id)).toEqual(first);
    expect(first.answers[0]?.id).toBe(answers[0]?.id);

    const last = answers[23]?.id as number;
    expect((await mark(ctx, last, asker)).statusCode).toBe(200);
    const marked = await detail(ctx, q.id);
    expect(marked.answers[0]).toMatchObject({ id: last, helpful: true });
    expect(marked.helped).toBe(true);
    expect(await detail(ctx, q.id)).toEqual(marked);

    expect((await addUpdate(ctx, q.id, asker, 'We met again')).statusCode).toBe(201);
    const updated = await detail(ctx, q.id);
    expect(updated.updates.map((u) => u.text)).toEqual(['We met again']);
    expect(updated.update_count).toBe(1);

    expect((await mark(ctx, last, asker, 'DELETE')).statusCode).toBe(200);
    expect((await detail(ctx, q.id)).answers[0]?.id).toBe(answers[0]?.id);
  });
});

for (const engine of ENGINES) {
  describe(`updates need proof-of-work from anonymous askers [${engine}]`, () => {
    let ctx: TestContext & { close(): Promise<void> };
    beforeAll(async () => {
      ctx = await createTestContext(engine, { env: { POW_DIFFICULTY: '3' } });
    });
    afterAll(() => ctx.close());

    async function solved(): Promise<string> {
      const res = await ctx.request({ method: 'GET', url: '/api/challenge/' });
      const challenge = res.json<PowChallenge>();
      const solution = await solveChallenge({ challenge, deriveKey });
      if (!solution) throw new Error('the challenge was not solved');
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }

    it('refuses an anonymous update without a solved challenge, and takes one with it', async () => {
      const session = newSession();
      const asked = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        headers: { 'x-altcha': await solved() },
        body: { text: '<p>Should I call?</p>', session_id: session },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json<{ id: number }>().id;
      expectDetail(await addUpdate(ctx, id, { session }, 'We called'), 400, API_MSG.powMissing);
      const res = await ctx.request({
        method: 'POST',
        url: `/api/questions/${id}/updates/`,
        session,
        headers: { 'x-altcha': await solved() },
        body: { text: 'We called', session_id: session },
      });
      expect(res.statusCode, res.body).toBe(201);
      // Marks need none: the asker toggles their own thread.
      const user = await createUser(ctx);
      const answered = await ctx.request({
        method: 'POST',
        url: `/api/questions/${id}/answers/`,
        token: user.access,
        body: { text: 'Good luck' },
      });
      const marked = await mark(ctx, answered.json<{ id: number }>().id, { session });
      expect(marked.statusCode, marked.body).toBe(200);
    });
  });
}
