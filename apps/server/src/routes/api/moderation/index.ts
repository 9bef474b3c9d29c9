/** The moderation log and the admin header's counts (admins only). */
import { LIMITS, ModerationLogList, ModerationSummary, PageQuery } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decodeLogCursor, encodeLogCursor } from '../../../lib/cursor.ts';
import { nextPageLink } from '../../../lib/paging.ts';
import { staffOnly } from '../../../plugins/auth.ts';
import { presentLogEntry } from '../../../presenters/moderation.ts';
import { countHidden, listLogPage } from '../../../repositories/moderation.ts';
import { pendingCounts } from '../../../repositories/reports.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/log/',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['moderation'],
        summary: 'Every moderation action, newest first (admins); the next page in the Link header',
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
      preHandler: staffOnly,
      schema: {
        tags: ['moderation'],
        summary:
          'Pending reports (of which crisis flags) and hidden items, for the header (admins)',
        security: [{ bearer: [] }],
        response: { 200: ModerationSummary },
      },
    },
    async () => {
      const [counts, hidden] = await Promise.all([pendingCounts(app.db), countHidden(app.db)]);
      return { ...counts, hidden };
    },
  );
};

export default routes;
