/** Reporting content (anyone) and moderating reports (admins and moderators). */
import { LIMITS, MAX_ID, PageQuery, Report, ReportCreateBody, ReportList } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../../lib/http-errors.ts';
import { sendSerialized, serializerOf } from '../../../lib/kept-json.ts';
import { nextPageLink } from '../../../lib/paging.ts';
import { moderatorOnly, viewerOf } from '../../../plugins/auth.ts';
import { presentNewReport, presentReport, type ReportRow } from '../../../presenters/reports.ts';
import { listPendingReports } from '../../../repositories/reports.ts';
import { fileReport, type ReportTarget } from '../../../services/reports.ts';
import groupRoutes from './groups.ts';
import reviewRoutes from './review.ts';

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
        throw badRequest('reportOneTarget');
      }
      const target: ReportTarget =
        questionId !== null
          ? { type: 'question', id: questionId }
          : { type: 'answer', id: answerId as number };
      const present = (report: ReportRow) => presentNewReport(app.fingerprints, viewer, report);
      const row = await fileReport(
        { db: app.db, autohide: app.config.moderationAutohide, accuracy: app.reporterAccuracy },
        viewer,
        {
          target,
          reason: body.reason,
          details: body.details?.trim() || null,
          reporterNet: app.reporterNetworks.of(request.ip, target),
          address: request.ip,
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
      preHandler: moderatorOnly,
      schema: {
        tags: ['reports'],
        summary:
          'Pending reports with the reported content (admins and moderators): crisis flags first, then reports, each oldest first',
        security: [{ bearer: [] }],
        querystring: ReportListQuery,
        response: { 200: ReportList },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? LIMITS.pageSizeMax;
      const afterId = request.query.after;
      const read = async () => {
        const rows = await listPendingReports(app.db, { limit, afterId });
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        // From the path alone: a kept page's link must not carry another request's query.
        const link = nextPageLink(
          new URL(request.url, 'http://api').pathname,
          rows.length > limit && last ? { limit, after: last.id } : null,
        );
        const reports = page.map((row) => presentReport(app.fingerprints, row, row));
        return { json: Buffer.from(serializerOf<Report[]>(reply)(reports)), link };
      };
      // The first page is kept while nothing it shows has changed (services/report-pages.ts).
      const page =
        afterId === undefined ? await app.reportPages.firstPage(limit, read) : await read();
      if (page.link !== null) reply.header('Link', page.link);
      return sendSerialized(reply, page.json);
    },
  );

  await app.register(groupRoutes, { prefix: '/groups' });

  await app.register(reviewRoutes);
};

export default routes;
