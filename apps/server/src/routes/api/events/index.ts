/**
 * `GET /api/events/`: a server-sent event stream (services/live-events.ts). Its identity
 * comes from the headers, like every call (the web app reads it with fetch, since
 * EventSource cannot send headers): a key or a token never goes in the address. With
 * `?question=ID` it also carries that thread's new replies, and then needs no identity.
 */
import { EventsQuery } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAuthor } from '../../../auth/identity.ts';
import { detailError, notFound } from '../../../lib/http-errors.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { visibleTo } from '../../../presenters/ownership.ts';
import { newestAnswerId } from '../../../repositories/answers.ts';
import { findQuestion } from '../../../repositories/questions.ts';
import { resumePoint } from '../../../services/live-events.ts';

/** How long a client refused for too many streams should wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      exposeHeadRoute: false,
      schema: {
        tags: ['events'],
        summary:
          'Live events (text/event-stream): `notification` {"unread": n} when your unread count changes; with ?question=ID, `reply` {"question", "answer"} when a reply there becomes visible, and `unavailable` {"question"} when the question is deleted or hidden from you (the stream then ends; a new stream on a question hidden from you is a 404). Every event has an id; send Last-Event-ID to resume.',
        querystring: EventsQuery,
        produces: ['text/event-stream'],
        response: { 200: Type.String({ description: 'A stream of server-sent events' }) },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const question = request.query.question ?? null;
      const identified = viewer.user !== null || viewer.sessionHash !== null;
      // Nobody, and no thread to watch: the same 400 as any anonymous action without a key.
      const recipient = identified || question === null ? requireAuthor(viewer) : null;
      const lastEventId = request.headers['last-event-id'];
      const resumeFrom = resumePoint(typeof lastEventId === 'string' ? lastEventId : undefined);
      let after = 0;
      /** Whether the stream goes on when the question is hidden: its asker's, an admin's. */
      let keepsHidden = false;
      if (question !== null) {
        const row = await findQuestion(app.db, question);
        if (!row || !visibleTo(viewer, row, row)) throw notFound();
        // The question as it is once hidden: whether this viewer would still see it.
        const hidden = { ...row, hidden_at: row.hidden_at ?? new Date() };
        keepsHidden = visibleTo(viewer, hidden, hidden);
        after = resumeFrom ?? (await newestAnswerId(app.db, question));
      }
      if (!app.liveEvents.admits(request.ip, recipient)) {
        throw detailError(429, 'eventStreamsMax', { 'Retry-After': String(RETRY_AFTER_SECONDS) });
      }
      reply.hijack();
      reply.raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'private, no-store',
        Vary: 'Authorization, X-Session-Id',
        // Proxies that buffer (nginx) would hold the events back.
        'X-Accel-Buffering': 'no',
        // A stream's connection is never reused: when the stream ends (shutdown), so does it.
        Connection: 'close',
      });
      await app.liveEvents.open(reply.raw, {
        ip: request.ip,
        recipient,
        question,
        keepsHidden,
        after,
        resumed: resumeFrom !== null,
      });
    },
  );
};

export default routes;
