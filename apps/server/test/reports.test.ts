import { API_MSG, LIMITS, REPORT_REASONS } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  type TestUser,
} from './factories.ts';
import { describeEachEngine, newSession } from './harness.ts';

interface ReportJson {
  id: number;
  question: number | null;
  answer: number | null;
  target_type: 'question' | 'answer';
  reason: string;
  details: string | null;
  session_id: string | null;
  status: string;
  created_at: string;
  reviewed_at: string | null;
  content: { type: string; id: number; text: string; question: number; hidden: boolean } | null;
  source: 'reporter' | 'automatic';
  categories: string[];
}

describeEachEngine('reports', (ctx) => {
  let adminUser: TestUser | undefined;
  const admin = async () => {
    adminUser ??= await createAdmin(ctx);
    return adminUser;
  };
  const pending = async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/reports/?limit=100',
      token: (await admin()).access,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReportJson[]>();
  };
  const pendingOn = async (ids: number[]) => (await pending()).filter((r) => ids.includes(r.id));
  const review = async (id: number, status: string, extra: Record<string, unknown> = {}) =>
    ctx.request({
      method: 'PATCH',
      url: `/api/reports/${id}/`,
      token: (await admin()).access,
      body: { status, ...extra },
    });
  const exists = async (kind: 'questions' | 'answers', id: number) =>
    (await ctx.request({ method: 'GET', url: `/api/${kind}/${id}/` })).statusCode === 200;

  describe('POST /api/reports/', () => {
    it('creates a report on a question or an answer: 201 with the report', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const session = newSession();
      const res = await ctx.request({
        method: 'POST',
        url: '/api/reports/',
        body: {
          question: q.id,
          reason: 'harassment',
          details: '  rude  ',
          session_id: session,
          status: 'approved',
          reviewed_at: '2020-01-01T00:00:00Z',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const report = res.json<ReportJson>();
      expect(report).toMatchObject({
        question: q.id,
        answer: null,
        target_type: 'question',
        reason: 'harassment',
        details: 'rude',
        status: 'pending',
        reviewed_at: null,
      });
      // The reporter's own item: their own session id, as on their questions and answers.
      expect(report.session_id).toBe(session);
      for (const reason of REPORT_REASONS) {
        const r = await createReport(ctx, { answer: a.id }, { reason });
        expect(r).toMatchObject({ answer: a.id, question: null, target_type: 'answer', reason });
      }
      const user = await createUser(ctx);
      const byUser = await createReport(ctx, { answer: a.id }, { token: user.access });
      expect(byUser).toMatchObject({ details: null, session_id: null });
    });

    it('needs exactly one existing target, a known reason and short details', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const post = (body: Record<string, unknown>) =>
        ctx.request({
          method: 'POST',
          url: '/api/reports/',
          body: { reason: 'spam', session_id: newSession(), ...body },
        });
      for (const body of [{}, { question: null, answer: null }, { question: q.id, answer: a.id }]) {
        const res = await post(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({
          code: expect.any(String),
          detail: 'Report exactly one of question or answer.',
        });
      }
      // A report of a missing target is 404.
      const unknownQuestion = await post({ question: 2147483647 });
      expect(unknownQuestion.statusCode).toBe(404);
      expect(unknownQuestion.json()).toEqual({ code: 'notFound', detail: API_MSG.notFound });
      const unknownAnswer = await post({ answer: 2147483647 });
      expect(unknownAnswer.statusCode).toBe(404);
      expect(unknownAnswer.json()).toEqual({ code: 'notFound', detail: API_MSG.notFound });
      for (const reason of ['Spam', 'abuse', '', null, 1]) {
        const res = await post({ question: q.id, reason });
        expect(res.statusCode, String(reason)).toBe(400);
        expect(Object.keys(res.json())).toEqual(['reason']);
      }
      const missingReason = await ctx.request({
        method: 'POST',
        url: '/api/reports/',
        body: { question: q.id, session_id: newSession() },
      });
      expect(missingReason.json()).toEqual({ reason: [API_MSG.required] });
      const okDetails = await post({
        question: q.id,
        details: 'd'.repeat(LIMITS.reportDetailsMax),
      });
      expect(okDetails.statusCode).toBe(201);
      const longDetails = await post({
        question: q.id,
        details: 'd'.repeat(LIMITS.reportDetailsMax + 1),
      });
      expect(longDetails.statusCode).toBe(400);
      expect(Object.keys(longDetails.json())).toEqual(['details']);
      const noDetails = await post({ question: q.id, details: null });
      expect(noDetails.statusCode).toBe(201);
    });

    it('needs a session id from an anonymous reporter', async () => {
      const q = await createQuestion(ctx);
      const res = await ctx.request({
        method: 'POST',
        url: '/api/reports/',
        body: { question: q.id, reason: 'spam' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
    });

    it('refuses a report on a "[deleted]" placeholder', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      await createAnswer(ctx, q.id, { parent_id: a.id });
      await ctx.request({ method: 'DELETE', url: `/api/answers/${a.id}/`, session: a.session });
      const res = await ctx.request({
        method: 'POST',
        url: '/api/reports/',
        body: { answer: a.id, reason: 'spam', session_id: newSession() },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'notFound', detail: API_MSG.notFound });
    });
  });

  it('never answers 500 to a report on content deleted at that moment', async () => {
    const owner = await createUser(ctx);
    for (let round = 0; round < 10; round += 1) {
      const q = await createQuestion(ctx, { token: owner.access });
      const a = await createAnswer(ctx, q.id);
      const [onQuestion, onAnswer, del] = await Promise.all([
        ctx.request({
          method: 'POST',
          url: '/api/reports/',
          body: { question: q.id, reason: 'spam', session_id: newSession() },
        }),
        ctx.request({
          method: 'POST',
          url: '/api/reports/',
          body: { answer: a.id, reason: 'spam', session_id: newSession() },
        }),
        ctx.request({ method: 'DELETE', url: `/api/questions/${q.id}/`, token: owner.access }),
      ]);
      expect(del.statusCode).toBe(204);
      expect([201, 404], onQuestion.body).toContain(onQuestion.statusCode);
      expect([201, 404], onAnswer.body).toContain(onAnswer.statusCode);
    }
  });

  describe('GET /api/reports/', () => {
    it('is for admins only: 401 anonymous, 403 signed-in non-admin', async () => {
      const anonymous = await ctx.request({
        method: 'GET',
        url: '/api/reports/',
        session: newSession(),
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ code: expect.any(String), detail: expect.any(String) });
      const user = await createUser(ctx);
      const forbidden = await ctx.request({
        method: 'GET',
        url: '/api/reports/',
        token: user.access,
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ code: 'forbidden', detail: API_MSG.forbidden });
    });

    it('lists pending reports oldest first, with the content and a session fingerprint', async () => {
      const q = await createQuestion(ctx, { text: '<p>Reported <b>question</b></p>' });
      const a = await createAnswer(ctx, q.id, { text: 'Reported answer' });
      const reporter = newSession();
      const r1 = await createReport(ctx, { question: q.id }, { session: reporter, details: 'x' });
      const r2 = await createReport(ctx, { answer: a.id }, { session: reporter });
      const r3 = await createReport(ctx, { answer: a.id });
      const listed = await pendingOn([r1.id, r2.id, r3.id]);
      expect(listed.map((r) => r.id)).toEqual([r1.id, r2.id, r3.id]);
      const all = await pending();
      expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((x, y) => x - y));
      expect(all.every((r) => r.status === 'pending')).toBe(true);
      expect(listed[0]).toMatchObject({
        reason: 'spam',
        details: 'x',
        content: {
          type: 'question',
          id: q.id,
          text: '<p>Reported <b>question</b></p>',
          question: q.id,
        },
      });
      expect(listed[1]?.content).toEqual({
        type: 'answer',
        id: a.id,
        text: 'Reported answer',
        question: q.id,
        hidden: false,
      });
      // Reporters show as fingerprints scoped to the content: one reporter's reports of two
      // targets do not look alike, and neither do two reporters of one target.
      const fingerprint = listed[0]?.session_id;
      expect(fingerprint).toMatch(/^[0-9a-f]{12}$/);
      expect(listed[1]?.session_id).toMatch(/^[0-9a-f]{12}$/);
      expect(listed[1]?.session_id).not.toBe(fingerprint);
      expect(listed[2]?.session_id).not.toBe(listed[1]?.session_id);
      for (const r of listed) {
        expect(r.session_id).not.toBe(reporter);
        expect(reporter).not.toContain(r.session_id ?? '-');
      }
      const raw = JSON.stringify(listed);
      expect(raw).not.toContain(reporter);
      expect(raw).not.toContain(r3.session ?? '-');
    });

    it('pages through the Link header', async () => {
      const q = await createQuestion(ctx);
      for (let i = 0; i < 3; i += 1) await createReport(ctx, { question: q.id });
      const seen: number[] = [];
      let url: string | null = '/api/reports/?limit=2';
      while (url) {
        const res = await ctx.request({ method: 'GET', url, token: (await admin()).access });
        expect(res.statusCode).toBe(200);
        seen.push(...res.json<ReportJson[]>().map((r) => r.id));
        url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
      }
      expect(seen).toEqual([...new Set(seen)].sort((x, y) => x - y));
      expect(seen).toEqual((await pending()).map((r) => r.id));
    });
  });

  describe('PATCH /api/reports/{id}/', () => {
    it('is for admins only, and only approved or rejected', async () => {
      const q = await createQuestion(ctx);
      const r = await createReport(ctx, { question: q.id });
      const user = await createUser(ctx);
      const anon = await ctx.request({
        method: 'PATCH',
        url: `/api/reports/${r.id}/`,
        body: { status: 'approved' },
      });
      expect(anon.statusCode).toBe(401);
      const notAdmin = await ctx.request({
        method: 'PATCH',
        url: `/api/reports/${r.id}/`,
        token: user.access,
        body: { status: 'approved' },
      });
      expect(notAdmin.statusCode).toBe(403);
      for (const status of ['pending', 'deleted', 'APPROVED', '', null]) {
        const res = await review(r.id, status as string);
        expect(res.statusCode, String(status)).toBe(400);
        expect(Object.keys(res.json())).toEqual(['status']);
      }
      expect(await exists('questions', q.id)).toBe(true);
      expect((await pendingOn([r.id])).length).toBe(1);
      const unknown = await review(2147483647, 'rejected');
      expect(unknown.statusCode).toBe(404);
    });

    it('rejects: keeps the content, sets the status and the server time', async () => {
      const q = await createQuestion(ctx);
      const r = await createReport(ctx, { question: q.id });
      const other = await createReport(ctx, { question: q.id });
      const before = Date.now();
      const res = await review(r.id, 'rejected', { reviewed_at: '2000-01-01T00:00:00Z' });
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json<ReportJson>();
      expect(report.status).toBe('rejected');
      const reviewedAt = Date.parse(report.reviewed_at ?? '');
      expect(reviewedAt).toBeGreaterThanOrEqual(before - 60_000);
      expect(reviewedAt).toBeLessThanOrEqual(Date.now() + 60_000);
      expect(report.content).toMatchObject({ type: 'question', id: q.id });
      expect(await exists('questions', q.id)).toBe(true);
      // A rejection closes only this report.
      expect((await pendingOn([r.id, other.id])).map((x) => x.id)).toEqual([other.id]);
      const again = await review(r.id, 'approved');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ status: ['This report has already been reviewed.'] });
      expect(await exists('questions', q.id)).toBe(true);
    });

    it('approves a question report: deletes it and closes the other reports on it', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const r1 = await createReport(ctx, { question: q.id });
      const r2 = await createReport(ctx, { question: q.id });
      const onAnswer = await createReport(ctx, { answer: a.id });
      const unrelated = await createReport(ctx, { question: (await createQuestion(ctx)).id });
      const res = await review(r1.id, 'approved');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: r1.id, status: 'approved', content: null });
      expect(res.json().reviewed_at).not.toBeNull();
      expect(await exists('questions', q.id)).toBe(false);
      expect(await exists('answers', a.id)).toBe(false);
      expect((await pendingOn([r1.id, r2.id, onAnswer.id, unrelated.id])).map((x) => x.id)).toEqual(
        [unrelated.id],
      );
      expect((await review(r2.id, 'rejected')).statusCode).toBe(409);
    });

    it('approves an answer report: a placeholder with replies, removed without', async () => {
      const q = await createQuestion(ctx);
      const withReplies = await createAnswer(ctx, q.id);
      const reply = await createAnswer(ctx, q.id, { parent_id: withReplies.id });
      const alone = await createAnswer(ctx, q.id);
      const r1 = await createReport(ctx, { answer: withReplies.id });
      const r1b = await createReport(ctx, { answer: withReplies.id });
      const r2 = await createReport(ctx, { answer: alone.id });
      expect((await review(r1.id, 'approved')).statusCode).toBe(200);
      const placeholder = await ctx.request({
        method: 'GET',
        url: `/api/answers/${withReplies.id}/`,
      });
      expect(placeholder.json()).toMatchObject({ is_deleted: true, text: '[deleted]' });
      expect(await exists('answers', reply.id)).toBe(true);
      expect((await pendingOn([r1b.id])).length).toBe(0);
      expect((await review(r2.id, 'approved')).statusCode).toBe(200);
      expect(await exists('answers', alone.id)).toBe(false);
      expect(await exists('questions', q.id)).toBe(true);
      const detail = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(detail.json().answer_count).toBe(1);
    });

    it('shows content null for reports whose content its author deleted', async () => {
      const owner = await createUser(ctx);
      const q = await createQuestion(ctx, { token: owner.access });
      const q2 = await createQuestion(ctx);
      const a = await createAnswer(ctx, q2.id);
      const b = await createAnswer(ctx, q2.id);
      await createAnswer(ctx, q2.id, { parent_id: b.id });
      const rq = await createReport(ctx, { question: q.id });
      const ra = await createReport(ctx, { answer: a.id });
      const rb = await createReport(ctx, { answer: b.id });
      await ctx.request({ method: 'DELETE', url: `/api/questions/${q.id}/`, token: owner.access });
      await ctx.request({ method: 'DELETE', url: `/api/answers/${a.id}/`, session: a.session });
      await ctx.request({ method: 'DELETE', url: `/api/answers/${b.id}/`, session: b.session });
      const listed = await pendingOn([rq.id, ra.id, rb.id]);
      expect(listed.map((r) => [r.id, r.content])).toEqual([
        [rq.id, null],
        [ra.id, null],
        [rb.id, null],
      ]);
      expect(listed.map((r) => r.target_type)).toEqual(['question', 'answer', 'answer']);
      // Still reviewable: approving gone content only closes the report.
      const res = await review(ra.id, 'approved');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'approved', content: null });
    });

    it("leaves reports on a deleted question's answers pending for the admins", async () => {
      const owner = await createUser(ctx);
      const q = await createQuestion(ctx, { token: owner.access });
      const a = await createAnswer(ctx, q.id);
      const ra = await createReport(ctx, { answer: a.id });
      const del = await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${q.id}/`,
        token: owner.access,
      });
      expect(del.statusCode).toBe(204);
      // Nobody reviewed it: it is not 'approved', it waits with its content gone.
      expect((await pendingOn([ra.id])).map((r) => [r.id, r.content])).toEqual([[ra.id, null]]);
    });
  });

  describe('concurrent reviews', () => {
    const reportsOn = (target: { question: number } | { answer: number }, n: number) =>
      Promise.all(
        Array.from({ length: n }, async () => ({ ...(await createReport(ctx, target)), target })),
      );

    it('approves reports of one target in parallel: one wins, the others were reviewed', async () => {
      const q = await createQuestion(ctx);
      const reports = await reportsOn({ question: q.id }, 10);
      const token = (await admin()).access;
      const results = await Promise.all(
        reports.map((r) =>
          ctx.request({
            method: 'PATCH',
            url: `/api/reports/${r.id}/`,
            token,
            body: { status: 'approved' },
          }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s === 200),
        statuses.join(),
      ).toHaveLength(1);
      for (const res of results.filter((r) => r.statusCode !== 200)) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ status: ['This report has already been reviewed.'] });
      }
      expect(await exists('questions', q.id)).toBe(false);
      expect(await pendingOn(reports.map((r) => r.id))).toEqual([]);
    });

    it('approves and rejects reports across targets in parallel without a 500', async () => {
      // Ten targets: questions, and answers, two of them under a reported question.
      const questions = await Promise.all(Array.from({ length: 6 }, () => createQuestion(ctx)));
      const parent = questions[0] as { id: number };
      const under = [parent.id, parent.id, questions[1]?.id ?? 0, questions[2]?.id ?? 0];
      const answers = await Promise.all(
        under.map(async (question) => ({ ...(await createAnswer(ctx, question)), question })),
      );
      const targets = [
        ...questions.map((q) => ({ question: q.id })),
        ...answers.map((a) => ({ answer: a.id })),
      ];
      const reports = (await Promise.all(targets.map((t) => reportsOn(t, 10)))).flat();
      const token = (await admin()).access;
      // Interleaved, so each target's reports are reviewed at the same time as the others'.
      const order = reports.map((r, i) => ({ r, key: (i % 10) * 1000 + Math.floor(i / 10) }));
      order.sort((a, b) => a.key - b.key);
      const results = await Promise.all(
        order.map(({ r }, i) =>
          ctx.request({
            method: 'PATCH',
            url: `/api/reports/${r.id}/`,
            token,
            body: { status: i % 7 === 3 ? 'rejected' : 'approved' },
          }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s !== 200 && s !== 409),
        results.map((r) => r.body).join('\n'),
      ).toEqual([]);
      for (const res of results.filter((r) => r.statusCode === 409)) {
        expect(res.json()).toEqual({ status: ['This report has already been reviewed.'] });
      }
      // Every report got exactly one review. Ten reports auto-hide a target, and rejecting
      // one report of hidden content closes all of its reports, so whichever review won
      // decides: content is gone exactly when an approval of one of its reports succeeded
      // (or, for an answer, of its question's).
      expect(await pendingOn(reports.map((r) => r.id))).toEqual([]);
      const approved = new Set<string>();
      order.forEach(({ r }, i) => {
        if (i % 7 !== 3 && results[i]?.statusCode === 200) approved.add(JSON.stringify(r.target));
      });
      const removed = (target: object) => approved.has(JSON.stringify(target));
      for (const q of questions) {
        expect(await exists('questions', q.id)).toBe(!removed({ question: q.id }));
      }
      for (const a of answers) {
        const gone = removed({ answer: a.id }) || removed({ question: a.question });
        expect(await exists('answers', a.id)).toBe(!gone);
      }
    });
  });
});
