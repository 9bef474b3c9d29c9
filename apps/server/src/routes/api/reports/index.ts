/** Reporting content (anyone) and moderating reports (admins). */
import {
  API_MSG,
  IdParams,
  LIMITS,
  MAX_ID,
  PageQuery,
  QUEUE_API_MSG,
  Report,
  ReportAcknowledgeBody,
  ReportCreateBody,
  ReportGroupList,
  ReportGroupParams,
  ReportGroupQuery,
  ReportGroupReviewBody,
  ReportGroupReviewed,
  ReportList,
  ReportPatchBody,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest, conflict, notFound } from '../../../lib/http-errors.ts';
import { currentUser, staffOnly, viewerOf } from '../../../plugins/auth.ts';
import {
  presentNewReport,
  presentReport,
  presentReportGroup,
  type ReportRow,
} from '../../../presenters/reports.ts';
import { findAnswer } from '../../../repositories/answers.ts';
import { findQuestion } from '../../../repositories/questions.ts';
import {
  findReport,
  firstPendingReportOn,
  listPendingReports,
  listReportGroups,
  lockPendingReportsOn,
  lockReportForReview,
} from '../../../repositories/reports.ts';
import { acknowledgeFlag, reviewGroup, reviewReport } from '../../../services/moderation.ts';
import { fileReport, type ReportTarget } from '../../../services/reports.ts';

const ReportListQuery = Type.Object({
  limit: PageQuery.properties.limit,
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      config: { rateLimitPolicy: 'report', idempotent: true, proofOfWork: true },
      schema: {
        tags: ['reports'],
        summary:
          'Report a question or an answer (exactly one), once per reporter; enough reporters hide it until reviewed',
        body: ReportCreateBody,
        response: { 201: Report },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const viewer = viewerOf(request, body.session_id);
      const questionId = body.question ?? null;
      const answerId = body.answer ?? null;
      if ((questionId === null) === (answerId === null)) {
        throw badRequest('Report exactly one of question or answer.');
      }
      const target: ReportTarget =
        questionId !== null
          ? { type: 'question', id: questionId }
          : { type: 'answer', id: answerId as number };
      const present = (report: ReportRow) => presentNewReport(app.fingerprints, viewer, report);
      const row = await fileReport(
        { db: app.db, autohide: app.config.moderationAutohide },
        viewer,
        {
          target,
          reason: body.reason,
          details: body.details?.trim() || null,
          reporterNet: app.reporterNetworks.of(request.ip, target),
        },
        request.idempotency?.answering(201, present),
      );
      return reply.code(201).send(present(row));
    },
  );

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      preHandler: staffOnly,
      schema: {
        tags: ['reports'],
        summary:
          'Pending reports with the reported content (admins): crisis flags first, then reports, each oldest first',
        security: [{ bearer: [] }],
        querystring: ReportListQuery,
        response: { 200: ReportList },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? LIMITS.pageSizeMax;
      const rows = await listPendingReports(app.db, { limit, afterId: request.query.after });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      if (rows.length > limit && last) {
        reply.header('Link', `</api/reports/?limit=${limit}&after=${last.id}>; rel="next"`);
      }
      return page.map((row) => presentReport(app.fingerprints, row, row));
    },
  );

  await app.register(groupRoutes, { prefix: '/groups' });

  app.post(
    '/:id/acknowledge/',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['reports'],
        summary:
          '"Acknowledge, keep" a pending crisis flag (admins): logged as `acknowledge`, the flag closes as rejected, nothing is deleted and the post stays as it is. 400: not a crisis flag; 409: already reviewed.',
        security: [{ bearer: [] }],
        params: IdParams,
        body: ReportAcknowledgeBody,
        response: { 200: Report },
      },
    },
    async (request) => {
      const { id } = request.params;
      const by = { adminId: currentUser(request).id, note: noteOf(request.body?.note) };
      await app.db.transaction().execute(async (tx) => {
        const report = await lockReportForReview(tx, id);
        if (!report) throw notFound();
        if (report.source !== 'automatic') throw badRequest(QUEUE_API_MSG.notACrisisFlag);
        if (report.status !== 'pending')
          throw conflict({ status: [API_MSG.reportAlreadyReviewed] });
        await acknowledgeFlag(tx, report, by);
      });
      const row = await findReport(app.db, id);
      if (!row) throw notFound();
      return presentReport(app.fingerprints, row, row);
    },
  );

  app.patch(
    '/:id/',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['reports'],
        summary: 'Approve (delete the content) or reject (keep it) a pending report (admins)',
        security: [{ bearer: [] }],
        params: IdParams,
        body: ReportPatchBody,
        response: { 200: Report },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      const by = { adminId: currentUser(request).id, note: request.body.note?.trim() || null };
      await app.db.transaction().execute(async (tx) => {
        const report = await lockReportForReview(tx, id);
        if (!report) throw notFound();
        // Another admin was first: a conflict with the report's state, not bad input.
        if (report.status !== 'pending')
          throw conflict({ status: [API_MSG.reportAlreadyReviewed] });
        await reviewReport(tx, report, status, by);
      });
      const row = await findReport(app.db, id);
      if (!row) throw notFound();
      return presentReport(app.fingerprints, row, row);
    },
  );
};

/** The note an admin gave, or null. */
const noteOf = (note: string | null | undefined) => note?.trim() || null;

const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      preHandler: staffOnly,
      schema: {
        tags: ['reports'],
        summary:
          'The queue grouped per post (admins): posts hidden by reports first, then crisis flags, then the rest, each oldest first; with counts and reasons. Paged by `cursor` (Link: rel="next").',
        security: [{ bearer: [] }],
        querystring: ReportGroupQuery,
        response: { 200: ReportGroupList },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? LIMITS.pageSizeMax;
      const [rank, firstId] = (request.query.cursor ?? '').split('.').map(Number);
      if (firstId !== undefined && firstId > MAX_ID) throw badRequest(API_MSG.cursorInvalid);
      const after =
        rank !== undefined && firstId !== undefined && request.query.cursor
          ? { rank, firstId }
          : undefined;
      const rows = await listReportGroups(app.db, { limit, after });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      if (rows.length > limit && last) {
        const cursor = `${last.rank}.${last.first_id}`;
        reply.header('Link', `</api/reports/groups/?limit=${limit}&cursor=${cursor}>; rel="next"`);
      }
      return page.map(presentReportGroup);
    },
  );

  app.post(
    '/:type/:id/review/',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['reports'],
        summary:
          'Approve (delete the post once) or reject (keep it, and show it again if hidden) every pending report on one post (admins). 404: no such post; 409: it has no pending report.',
        security: [{ bearer: [] }],
        params: ReportGroupParams,
        body: ReportGroupReviewBody,
        response: { 200: ReportGroupReviewed },
      },
    },
    async (request) => {
      const target: ReportTarget = { type: request.params.type, id: request.params.id };
      const { status } = request.body;
      const by = { adminId: currentUser(request).id, note: noteOf(request.body.note) };
      const closed = await app.db.transaction().execute(async (tx) => {
        const first = await firstPendingReportOn(tx, target);
        if (!first) {
          const exists =
            target.type === 'question'
              ? await findQuestion(tx, target.id)
              : await findAnswer(tx, target.id);
          if (!exists || ('is_deleted' in exists && exists.is_deleted)) throw notFound();
          throw conflict({ status: [QUEUE_API_MSG.noPendingReports] });
        }
        // Locks the post (question first) before its reports, as every review does.
        await lockReportForReview(tx, first.id);
        const pending = await lockPendingReportsOn(tx, target);
        if (pending.length === 0) throw conflict({ status: [QUEUE_API_MSG.noPendingReports] });
        return reviewGroup(tx, target, pending, status, by);
      });
      return { status, closed };
    },
  );
};

export default routes;
