/**
 * The requester's inbox: an account's (bearer token) or an anonymous key's (X-Session-Id).
 * Nothing here may be kept by a cache shared between people.
 */
import { LIMITS, MarkReadBody, NotificationList, PageQuery, UnreadCount } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAuthor } from '../../../auth/identity.ts';
import { decodeInboxCursor, encodeInboxCursor } from '../../../lib/cursor.ts';
import { badRequest } from '../../../lib/http-errors.ts';
import { nextPageLink } from '../../../lib/paging.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { presentNotification } from '../../../presenters/notifications.ts';
import { listNotifications, markRead } from '../../../repositories/notifications.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Vary', 'Authorization, X-Session-Id');
  });

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['notifications'],
        summary:
          'Your notifications (account, or the key in X-Session-Id), newest first; next page in the Link header. An unread item gathers every later event of its kind on its question (count).',
        querystring: PageQuery,
        response: { 200: NotificationList },
      },
    },
    async (request, reply) => {
      const recipient = requireAuthor(viewerOf(request));
      const { cursor, limit = LIMITS.pageSizeDefault } = request.query;
      const after = cursor === undefined ? undefined : decodeInboxCursor(app.cursors, cursor);
      const rows = await listNotifications(app.db, recipient, { limit, after });
      const last = rows.length > limit ? rows[limit - 1] : undefined;
      const next = last && encodeInboxCursor(app.cursors, { at: Number(last.at), id: last.id });
      const link = nextPageLink(request.url, next ? { cursor: next } : null);
      if (link !== null) reply.header('Link', link);
      const viewer = viewerOf(request);
      return rows.slice(0, limit).map((row) => presentNotification(viewer, row));
    },
  );

  app.get(
    '/unread/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many of your notifications are unread',
        response: { 200: UnreadCount },
      },
    },
    async (request) => ({ count: await app.unreadCounts.get(requireAuthor(viewerOf(request))) }),
  );

  app.post(
    '/read/',
    {
      config: { rateLimitPolicy: 'edit' },
      schema: {
        tags: ['notifications'],
        summary:
          'Mark some of your notifications read (`ids`; ids that are not yours change nothing), all of them (`all: true`), or every one about a question (`question`: its thread was opened). Exactly one of the three.',
        body: MarkReadBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const recipient = requireAuthor(viewerOf(request));
      const { ids, all, question } = request.body;
      const given = [ids, all, question].filter((field) => field !== undefined).length;
      if (given !== 1) {
        throw badRequest('markReadOneOf');
      }
      await markRead(
        app.db,
        recipient,
        all ? 'all' : question !== undefined ? { question } : { ids: ids ?? [] },
      );
      return reply.code(204).send(null);
    },
  );
};

export default routes;
