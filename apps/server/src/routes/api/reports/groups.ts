/** The moderation queue grouped per post (admins and moderators): the worst first, reviewed a post at a time. */
import {
  LIMITS,
  MAX_ID,
  ReportGroupList,
  ReportGroupParams,
  ReportGroupQuery,
  ReportGroupReviewBody,
  ReportGroupReviewed,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, conflict, notFound } from '../../../lib/http-errors.ts';
import { nextPageLink } from '../../../lib/paging.ts';
import { actorOf, moderatorOnly } from '../../../plugins/auth.ts';
import { presentReportGroup } from '../../../presenters/reports.ts';
import { findAnswer } from '../../../repositories/answers.ts';
import { findQuestion } from '../../../repositories/questions.ts';
import {
  firstPendingReportOn,
  listReportGroups,
  lockPendingReportsOn,
  lockReportForReview,
} from '../../../repositories/reports.ts';
import { reviewGroup } from '../../../services/moderation.ts';
import type { ReportTarget } from '../../../services/reports.ts';

/** The note an admin gave, or null. */
export const noteOf = (note: string | null | undefined) => note?.trim() || null;

const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      preHandler: moderatorOnly,
      schema: {
        tags: ['reports'],
        summary:
          'The queue grouped per post (admins and moderators): posts hidden by reports first, then crisis flags, then the rest, each oldest first; with counts and reasons. Paged by `cursor` (Link: rel="next").',
        security: [{ bearer: [] }],
        querystring: ReportGroupQuery,
        response: { 200: ReportGroupList },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? LIMITS.pageSizeMax;
      const [rank, firstId] = (request.query.cursor ?? '').split('.').map(Number);
      if (firstId !== undefined && firstId > MAX_ID) throw badRequest('cursorInvalid');
      const after =
        rank !== undefined && firstId !== undefined && request.query.cursor
          ? { rank, firstId }
          : undefined;
      const rows = await listReportGroups(app.db, { limit, after });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next =
        rows.length > limit && last ? { limit, cursor: `${last.rank}.${last.first_id}` } : null;
      const link = nextPageLink(request.url, next);
      if (link !== null) reply.header('Link', link);
      return page.map(presentReportGroup);
    },
  );

  app.post(
    '/:type/:id/review/',
    {
      preHandler: moderatorOnly,
      schema: {
        tags: ['reports'],
        summary:
          'Approve (delete the post once) or reject (keep it, and show it again if hidden) every pending report on one post (admins and moderators). 404: no such post; 409: it has no pending report.',
        security: [{ bearer: [] }],
        params: ReportGroupParams,
        body: ReportGroupReviewBody,
        response: { 200: ReportGroupReviewed },
      },
    },
    async (request) => {
      const target: ReportTarget = { type: request.params.type, id: request.params.id };
      const { status } = request.body;
      const by = { ...actorOf(request), note: noteOf(request.body.note) };
      const closed = await app.db.transaction().execute(async (tx) => {
        const first = await firstPendingReportOn(tx, target);
        if (!first) {
          const exists =
            target.type === 'question'
              ? await findQuestion(tx, target.id)
              : await findAnswer(tx, target.id);
          if (!exists || ('is_deleted' in exists && exists.is_deleted)) throw notFound();
          throw conflict({ status: ['noPendingReports'] });
        }
        // Locks the post (question first) before its reports, as every review does.
        await lockReportForReview(tx, first.id);
        const pending = await lockPendingReportsOn(tx, target);
        if (pending.length === 0) throw conflict({ status: ['noPendingReports'] });
        return reviewGroup(tx, target, pending, status, by);
      });
      return { status, closed };
    },
  );
};

export default groupRoutes;
