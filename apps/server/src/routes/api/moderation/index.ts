/**
 * The moderation log and the header's counts with the queue's health (admins and
 * moderators); moderators (admins) and silences (admins and moderators) in their files.
 */
import { LIMITS, ModerationLogList, ModerationSummary, PageQuery } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decodeLogCursor, encodeLogCursor } from '../../../lib/cursor.ts';
import { nextPageLink } from '../../../lib/paging.ts';
import { moderatorOnly } from '../../../plugins/auth.ts';
import { presentLogEntry } from '../../../presenters/moderation.ts';
import { countHidden, listLogPage } from '../../../repositories/moderation.ts';
import { queueHealth } from '../../../repositories/queue-health.ts';
import { pendingCounts } from '../../../repositories/reports.ts';
import moderatorRoutes from './moderators.ts';
import silenceRoutes from './silences.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(moderatorRoutes, { prefix: '/moderators' });
  await app.register(silenceRoutes, { prefix: '/silences' });

  app.get(
    '/log/',
    {
      preHandler: moderatorOnly,
      schema: {
        tags: ['moderation'],
        summary:
          'Every moderation action, newest first (admins and moderators); the next page in the Link header',
        security: [{ bearer: [] }],
        querystring: PageQuery,
        response: { 200: ModerationLogList },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? LIMITS.pageSizeDefault;
      const from = request.query.cursor
        ? decodeLogCursor(app.cursors, request.query.cursor)
        : undefined;
      const rows = await listLogPage(app.db, { limit, beforeId: from?.before });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next =
        rows.length > limit && last ? encodeLogCursor(app.cursors, { before: last.id }) : null;
      const link = nextPageLink(request.url, next === null ? null : { cursor: next });
      if (link !== null) reply.header('Link', link);
      return page.map(presentLogEntry);
    },
  );

  app.get(
    '/summary/',
    {
      preHandler: moderatorOnly,
      schema: {
        tags: ['moderation'],
        summary:
          "Pending reports (of which crisis flags), hidden items, and the queue's health: the oldest pending report's age and the median time to review over 7 days (admins and moderators)",
        security: [{ bearer: [] }],
        response: { 200: ModerationSummary },
      },
    },
    async () => {
      const [counts, hidden, health] = await Promise.all([
        pendingCounts(app.db),
        countHidden(app.db),
        queueHealth(app.db),
      ]);
      return { ...counts, hidden, ...health };
    },
  );
};

export default routes;
