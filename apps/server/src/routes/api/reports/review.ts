/** Reviewing one report (admins and moderators): approve, reject, or "Acknowledge, keep" a crisis flag. */
import { IdParams, Report, ReportAcknowledgeBody, ReportPatchBody } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, conflict, notFound } from '../../../lib/http-errors.ts';
import { actorOf, moderatorOnly } from '../../../plugins/auth.ts';
import { presentReport } from '../../../presenters/reports.ts';
import { findReport, lockReportForReview } from '../../../repositories/reports.ts';
import { acknowledgeFlag, reviewReport } from '../../../services/moderation.ts';
import { noteOf } from './groups.ts';

const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:id/acknowledge/',
    {
      preHandler: moderatorOnly,
      schema: {
        tags: ['reports'],
        summary:
          '"Acknowledge, keep" a pending crisis flag (admins and moderators): logged as `acknowledge`, the flag closes as `acknowledged`, nothing is deleted and the post stays as it is. 400: not a crisis flag; 409: already reviewed.',
        security: [{ bearer: [] }],
        params: IdParams,
        body: ReportAcknowledgeBody,
        response: { 200: Report },
      },
    },
    async (request) => {
      const { id } = request.params;
      const by = { ...actorOf(request), note: noteOf(request.body?.note) };
      await app.db.transaction().execute(async (tx) => {
        const report = await lockReportForReview(tx, id);
        if (!report) throw notFound();
        if (report.source !== 'automatic') throw badRequest('notACrisisFlag');
        if (report.status !== 'pending') throw conflict({ status: ['reportAlreadyReviewed'] });
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
      preHandler: moderatorOnly,
      schema: {
        tags: ['reports'],
        summary:
          'Approve (delete the content) or reject (keep it) a pending report (admins and moderators)',
        security: [{ bearer: [] }],
        params: IdParams,
        body: ReportPatchBody,
        response: { 200: Report },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      const by = { ...actorOf(request), note: noteOf(request.body.note) };
      await app.db.transaction().execute(async (tx) => {
        const report = await lockReportForReview(tx, id);
        if (!report) throw notFound();
        // Another admin was first: a conflict with the report's state, not bad input.
        if (report.status !== 'pending') throw conflict({ status: ['reportAlreadyReviewed'] });
        await reviewReport(tx, report, status, by);
      });
      const row = await findReport(app.db, id);
      if (!row) throw notFound();
      return presentReport(app.fingerprints, row, row);
    },
  );
};

export default reviewRoutes;
