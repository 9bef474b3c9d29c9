/** The feed: questions in the order of a sort, filtered or searched, a page at a time. */
import { QuestionList, QuestionListQuery, type QuestionSummary } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STRANGER } from '../../../auth/identity.ts';
import type { Executor } from '../../../db/connection.ts';
import { sendKeptJson, serializerOf } from '../../../lib/kept-json.ts';
import { nextPageLink } from '../../../lib/paging.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { feedPage } from '../../../services/feed.ts';
import {
  isStrangersList,
  keySeesStrangersPage,
  type StrangersPage,
} from '../../../services/feed-cache.ts';

/** A list differs by who asks: an account, a private key, or nobody. */
const LIST_VARY = 'Authorization, X-Session-Id';

/**
 * A strangers' page, kept (services/feed-cache.ts): the same bytes to everyone it suits, or
 * 304 to a client that has them (lib/kept-json.ts), with the request's own next-page link.
 */
function sendStrangersPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: StrangersPage,
  searched: boolean,
) {
  const link = nextPageLink(request.url, page.next === null ? null : { cursor: page.next });
  if (link !== null) reply.header('Link', link);
  if (page.total !== null) reply.header('X-Total-Count', String(page.total));
  return sendKeptJson(
    request,
    reply,
    page.body,
    page.etag,
    searched ? 'private, no-cache' : 'no-cache',
  );
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['questions'],
        summary:
          "List questions in the order of `sort` (ranked when searching); next page in the Link header; a search's first page counts its matches (at most 300) in X-Total-Count",
        querystring: QuestionListQuery,
        response: { 200: QuestionList },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      reply.header('Vary', LIST_VARY);
      // One's own questions (`user_id`) are personal: the primary's. The feed is public:
      // a replica up to date for this reader may serve it (plugins/replica-reads.ts).
      const read = <T>(work: (db: Executor) => Promise<T>) =>
        request.query.user_id === undefined ? app.replicaReads.read(request, work) : work(app.db);
      const kept = !isStrangersList(viewer, request.query)
        ? null
        : await read(async (db) => {
            const page = await app.feedCache.page(db, request.query, async () => {
              const fresh = await feedPage(db, app.cursors, STRANGER, request.query, request.url);
              const json = serializerOf<QuestionSummary[]>(reply)(fresh.questions);
              return { json, next: fresh.next, authors: fresh.authors, total: fresh.total };
            });
            return (await keySeesStrangersPage(db, viewer, page)) ? page : null;
          });
      if (kept !== null) {
        // A search's words are what a visitor typed: no shared cache keeps them.
        const searched = (request.query.search?.trim() ?? '') !== '';
        return sendStrangersPage(request, reply, kept, searched);
      }
      const page = await read((db) =>
        feedPage(db, app.cursors, viewer, request.query, request.url),
      );
      reply.header('Cache-Control', 'private, no-cache');
      if (page.link !== null) reply.header('Link', page.link);
      if (page.total !== null) reply.header('X-Total-Count', String(page.total));
      return page.questions;
    },
  );
};

export default routes;
