/**
 * The admin queue that finds the worst first: "Acknowledge, keep" for crisis flags, the
 * queue grouped per post (hidden by reports, then crisis flags, then the rest) reviewed a
 * group at once, and `GET /api/reports/` keeping its shape.
 */
import { API_MSG, QUEUE_API_MSG, Report, ReportGroup } from '@dating/contract';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import {
  createAdmin,
  createQuestion,
  createReport,
  createUser,
  nextPage,
  type TestUser,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

interface LogEntry {
  action: string;
  target_type: string;
  target_id: number | null;
  report: number | null;
  note: string | null;
}

/** A question the crisis check flags. */
async function crisisQuestion(ctx: TestContext) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/questions/',
    body: { text: '<p>I keep cutting myself</p>', session_id: newSession() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

describeEachEngine('moderation queue', (ctx) => {
  let adminUser: TestUser | undefined;
  const token = async () => {
    adminUser ??= await createAdmin(ctx);
    return adminUser.access;
  };
  const get = async (url: string) => {
    const res = await ctx.request({ method: 'GET', url, token: await token() });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const queue = async () => (await get('/api/reports/?limit=100')).json<Report[]>();
  /** Every group of the queue, page by page. */
  const groups = async (limit = 100) => {
    const all: ReportGroup[] = [];
    let url: string | null = `/api/reports/groups/?limit=${limit}`;
    while (url !== null) {
      const res = await get(url);
      all.push(...res.json<ReportGroup[]>());
      url = nextPage(res.headers.link);
      expect(all.length).toBeLessThan(10_000);
    }
    return all;
  };
  const groupOf = async (type: string, id: number) =>
    (await groups()).find((g) => g.target_type === type && g.target_id === id);
  const flagOf = async (questionId: number) => {
    const flag = (await queue()).find((r) => r.question === questionId && r.source === 'automatic');
    expect(flag).toBeDefined();
    return flag as Report;
  };
  const acknowledge = async (id: number, auth: { token?: string } = {}, note?: string) =>
    ctx.request({
      method: 'POST',
      url: `/api/reports/${id}/acknowledge/`,
      token: 'token' in auth ? auth.token : await token(),
      body: note === undefined ? {} : { note },
    });
  const reviewGroup = async (type: string, id: number, status: string) =>
    ctx.request({
      method: 'POST',
      url: `/api/reports/groups/${type}/${id}/review/`,
      token: await token(),
      body: { status },
    });
  const logOf = async (type: string, id: number) => {
    const res = await get('/api/moderation/log/?limit=100');
    return res
      .json<LogEntry[]>()
      .filter((e) => e.target_type === type && e.target_id === id)
      .reverse();
  };

  it('GET /api/reports/ keeps its shape: one report a row, nothing grouped', async () => {
    const q = await createQuestion(ctx);
    await createReport(ctx, { question: q.id }, { details: 'first' });
    await createReport(ctx, { question: q.id }, { reason: 'offensive' });
    const listed = (await queue()).filter((r) => r.question === q.id);
    expect(listed).toHaveLength(2);
    for (const report of listed) {
      expect(Value.Check(Report, report)).toBe(true);
      expect(Object.keys(report).sort()).toEqual(
        [
          'id',
          'question',
          'answer',
          'target_type',
          'reason',
          'details',
          'session_id',
          'status',
          'created_at',
          'reviewed_at',
          'content',
          'source',
          'categories',
        ].sort(),
      );
    }
  });

  it('"Acknowledge, keep" closes a crisis flag, logs it and keeps the post', async () => {
    const q = await crisisQuestion(ctx);
    const flag = await flagOf(q.id);
    const res = await acknowledge(flag.id, {}, 'Seen; resources shown.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: flag.id, status: 'acknowledged', source: 'automatic' });
    expect(res.json().reviewed_at).not.toBeNull();
    expect((await queue()).some((r) => r.id === flag.id)).toBe(false);
    expect(await groupOf('question', q.id)).toBeUndefined();
    const shown = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: q.id, hidden: false });
    expect(await logOf('question', q.id)).toEqual([
      expect.objectContaining({
        action: 'acknowledge',
        report: flag.id,
        note: 'Seen; resources shown.',
      }),
    ]);
    // Once only: a second acknowledgement (or a review) conflicts.
    const again = await acknowledge(flag.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: [API_MSG.reportAlreadyReviewed] });
  });

  it("acknowledging refuses people's reports (400), missing ones (404) and non-admins (401/403)", async () => {
    const q = await createQuestion(ctx);
    const report = await createReport(ctx, { question: q.id });
    const notFlag = await acknowledge(report.id);
    expect(notFlag.statusCode).toBe(400);
    expect(notFlag.json()).toEqual({
      code: expect.any(String),
      detail: QUEUE_API_MSG.notACrisisFlag,
    });
    expect((await acknowledge(2_000_000_000)).statusCode).toBe(404);

    const crisis = await crisisQuestion(ctx);
    const flag = await flagOf(crisis.id);
    const user = await createUser(ctx);
    expect((await acknowledge(flag.id, { token: user.access })).statusCode).toBe(403);
    expect((await acknowledge(flag.id, { token: undefined })).statusCode).toBe(401);
    expect((await queue()).some((r) => r.id === flag.id)).toBe(true);
  });

  it("acknowledging a flag leaves people's reports on the post pending, and a hidden post hidden", async () => {
    const q = await crisisQuestion(ctx);
    for (let i = 0; i < 3; i += 1) await createReport(ctx, { question: q.id });
    const flag = await flagOf(q.id);
    expect((await acknowledge(flag.id)).statusCode).toBe(200);
    const group = await groupOf('question', q.id);
    expect(group).toMatchObject({ priority: 'hidden', count: 3, flag: null, categories: [] });
    expect(group?.content?.hidden).toBe(true);
  });

  it('groups reports per post with their count and reasons, hidden first, then crisis, then the rest', async () => {
    // Oldest first by creation: the routine one, then the crisis flag, then the hidden one.
    const routine = await createQuestion(ctx);
    await createReport(ctx, { question: routine.id }, { reason: 'spam', details: 'ads' });
    await createReport(ctx, { question: routine.id }, { reason: 'spam' });
    const crisis = await crisisQuestion(ctx);
    const hidden = await createQuestion(ctx);
    const reasons = ['harassment', 'offensive', 'harassment'];
    for (const reason of reasons) await createReport(ctx, { question: hidden.id }, { reason });

    const all = await groups(2);
    const place = (id: number) =>
      all.findIndex((g) => g.target_type === 'question' && g.target_id === id);
    expect(place(hidden.id)).toBeGreaterThanOrEqual(0);
    expect(place(hidden.id)).toBeLessThan(place(crisis.id));
    expect(place(crisis.id)).toBeLessThan(place(routine.id));
    // The order by priority holds across the whole queue, each part oldest first.
    const ranks = all.map((g) => ['hidden', 'crisis', 'reported'].indexOf(g.priority));
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    for (const priority of ['hidden', 'crisis', 'reported']) {
      const firsts = all.filter((g) => g.priority === priority).map((g) => g.reports[0]);
      expect(firsts).toEqual([...firsts].sort((x, y) => (x ?? 0) - (y ?? 0)));
    }
    // Each group once across pages.
    const keys = all.map((g) => `${g.target_type}:${g.target_id ?? `r${g.reports[0]}`}`);
    expect(new Set(keys).size).toBe(keys.length);

    const h = all[place(hidden.id)];
    expect(h).toMatchObject({
      priority: 'hidden',
      count: 3,
      reasons: [
        { reason: 'harassment', count: 2 },
        { reason: 'offensive', count: 1 },
      ],
      flag: null,
    });
    expect(h?.reports).toHaveLength(3);
    expect(h?.content).toMatchObject({ type: 'question', id: hidden.id, hidden: true });
    const c = all[place(crisis.id)];
    expect(c).toMatchObject({ priority: 'crisis', count: 0, reasons: [] });
    expect(c?.categories).toEqual(['self_harm']);
    expect(c?.flag).toBe(c?.reports[0]);
    const r = all[place(routine.id)];
    expect(r).toMatchObject({
      priority: 'reported',
      count: 2,
      reasons: [{ reason: 'spam', count: 2 }],
      details: ['ads'],
    });
    for (const group of all) expect(Value.Check(ReportGroup, group)).toBe(true);
    const res = await get('/api/reports/groups/?limit=1');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('approving a group deletes the post once and closes all its reports', async () => {
    const q = await crisisQuestion(ctx);
    for (let i = 0; i < 3; i += 1) await createReport(ctx, { question: q.id });
    const before = await groupOf('question', q.id);
    expect(before?.reports).toHaveLength(4);
    const res = await reviewGroup('question', q.id, 'approved');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'approved', closed: 4 });
    expect((await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` })).statusCode).toBe(
      404,
    );
    const ids = new Set(before?.reports);
    expect((await queue()).some((r) => ids.has(r.id))).toBe(false);
    const entries = (await get('/api/moderation/log/?limit=100'))
      .json<LogEntry[]>()
      .filter((e) => e.report !== null && ids.has(e.report));
    expect(entries.map((e) => e.action)).toEqual(['approve']);
    // Nothing left to review.
    expect((await reviewGroup('question', q.id, 'approved')).statusCode).toBe(404);
  });

  it('rejecting a group keeps the post, shows it again and closes all its reports', async () => {
    const q = await createQuestion(ctx);
    for (let i = 0; i < 3; i += 1) await createReport(ctx, { question: q.id });
    const anon = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
    expect(anon.json().hidden).toBe(true);
    const res = await reviewGroup('question', q.id, 'rejected');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'rejected', closed: 3 });
    const shown = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
    expect(shown.json()).toMatchObject({ hidden: false, text: q.text });
    expect(await groupOf('question', q.id)).toBeUndefined();
    expect((await logOf('question', q.id)).map((e) => e.action)).toEqual([
      'auto_hide',
      'reject',
      'unhide',
    ]);
    // Reviewed already: a conflict, not a missing post.
    const again = await reviewGroup('question', q.id, 'rejected');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: [QUEUE_API_MSG.noPendingReports] });
  });

  it('group review refuses non-admins and bad input', async () => {
    const q = await createQuestion(ctx);
    await createReport(ctx, { question: q.id });
    const user = await createUser(ctx);
    const asUser = await ctx.request({
      method: 'POST',
      url: `/api/reports/groups/question/${q.id}/review/`,
      token: user.access,
      body: { status: 'approved' },
    });
    expect(asUser.statusCode).toBe(403);
    expect((await get('/api/reports/groups/')).statusCode).toBe(200);
    const listAsUser = await ctx.request({
      method: 'GET',
      url: '/api/reports/groups/',
      token: user.access,
    });
    expect(listAsUser.statusCode).toBe(403);
    // A bad path parameter names no resource: 404, as for every other path here.
    expect((await reviewGroup('thread', q.id, 'approved')).statusCode).toBe(404);
    expect((await reviewGroup('question', q.id, 'pending')).statusCode).toBe(400);
    const badCursor = await ctx.request({
      method: 'GET',
      url: '/api/reports/groups/?cursor=x',
      token: await token(),
    });
    expect(badCursor.statusCode).toBe(400);
    const tooFar = await ctx.request({
      method: 'GET',
      url: '/api/reports/groups/?cursor=2.9999999999',
      token: await token(),
    });
    expect(tooFar.statusCode).toBe(400);
    expect((await groupOf('question', q.id))?.count).toBe(1);
  });
});
