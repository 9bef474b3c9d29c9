/** Reporting content (anyone) and moderating reports (admins). */
import {
  API_MSG,
  IdParams,
  LIMITS,
  Report,
  ReportCreateBody,
  ReportList,
  ReportPatchBody,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAuthor } from '../../../auth/identity.ts';
import type { Executor } from '../../../db/connection.ts';
import { badRequest, fieldError, notFound } from '../../../lib/http-errors.ts';
import { staffOnly, viewerOf } from '../../../plugins/auth.ts';
import { presentNewReport, presentReport } from '../../../presenters/reports.ts';
import {
  deleteAnswer,
  findAnswerForDelete,
  findAnswerForUpdate,
} from '../../../repositories/answers.ts';
import { deleteQuestion, findQuestionForUpdate } from '../../../repositories/questions.ts';
import {
  closeReports,
  closeReportsOnAnswersOf,
  findReport,
  findReportForUpdate,
  insertReport,
  listPendingReports,
} from '../../../repositories/reports.ts';

const ReportListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
});

/** Removes reported content on approval; gone content needs nothing more. */
async function removeReportedContent(
  tx: Executor,
  report: { question_id: number | null; answer_id: number | null },
) {
  if (report.question_id !== null) {
    await closeReportsOnAnswersOf(tx, report.question_id);
    await deleteQuestion(tx, report.question_id);
  } else if (report.answer_id !== null) {
    const answer = await findAnswerForDelete(tx, report.answer_id);
    if (answer && !answer.is_deleted) await deleteAnswer(tx, answer);
  }
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      config: { rateLimitPolicy: 'report' },
      schema: {
        tags: ['reports'],
        summary: 'Report a question or an answer (exactly one)',
        body: ReportCreateBody,
        response: { 201: Report },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const viewer = viewerOf(request, body.session_id);
      const author = requireAuthor(viewer);
      const questionId = body.question ?? null;
      const answerId = body.answer ?? null;
      if ((questionId === null) === (answerId === null)) {
        throw badRequest('Report exactly one of question or answer.');
      }
      const details = body.details?.trim() || null;
      // The target stays locked until the report is in, so a delete cannot slip between
      // the check and the insert (which would fail on the foreign key).
      const row = await app.db.transaction().execute(async (tx) => {
        if (questionId !== null && !(await findQuestionForUpdate(tx, questionId))) {
          throw fieldError('question', API_MSG.notFound);
        }
        if (answerId !== null) {
          const answer = await findAnswerForUpdate(tx, answerId);
          if (!answer || answer.is_deleted) throw fieldError('answer', API_MSG.notFound);
        }
        return insertReport(tx, {
          target:
            questionId !== null
              ? { type: 'question', id: questionId }
              : { type: 'answer', id: answerId as number },
          reason: body.reason,
          details,
          userId: author.userId,
          // Kept for signed-in reporters too: the admin's fingerprint groups a reporter's reports.
          sessionHash: viewer.sessionHash,
        });
      });
      return reply.code(201).send(presentNewReport(viewer, row));
    },
  );

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      preHandler: staffOnly,
      schema: {
        tags: ['reports'],
        summary: 'Pending reports, oldest first, with the reported content (admins)',
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
      return page.map((row) => presentReport(row, row));
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
      await app.db.transaction().execute(async (tx) => {
        const report = await findReportForUpdate(tx, id);
        if (!report) throw notFound();
        if (report.status !== 'pending') {
          throw fieldError('status', 'This report has already been reviewed.');
        }
        // Close the reports first: deleting the content clears their target ids.
        await closeReports(tx, report, status);
        if (status === 'approved') await removeReportedContent(tx, report);
      });
      const row = await findReport(app.db, id);
      if (!row) throw notFound();
      return presentReport(row, row);
    },
  );
};

export default routes;
