/**
 * A question's thread past its first page (the next top-level answers, or the rest of one
 * answer's replies), and replying to a question, at the top level or under another answer
 * of the same question.
 */
import {
  AnswerCreateBody,
  AnswerPage,
  AnswerPageQuery,
  AnswerWritten,
  IdParams,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decodeThreadCursor } from '../../../lib/cursor.ts';
import { fieldError } from '../../../lib/http-errors.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { presentAnswer } from '../../../presenters/answers.ts';
import { replyTo, type WrittenReply } from '../../../services/posts.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/answers/',
    {
      schema: {
        tags: ['answers'],
        summary:
          "A page of a question's thread: the cursor of the detail's answers_next (the next top-level answers with their replies) or of an answer's replies_next (the rest of its replies); the next page at answers_next and in Link rel=\"next\"",
        params: IdParams,
        querystring: AnswerPageQuery,
        response: { 200: AnswerPage },
      },
    },
    async (request, reply) => {
      const cursor = decodeThreadCursor(app.cursors, request.query.cursor);
      // A cursor names its question: another question's is no position in this one.
      if (cursor.question !== request.params.id) throw fieldError('cursor', 'cursorInvalid');
      const viewer = viewerOf(request);
      const page = await app.replicaReads.read(request, (db) =>
        app.threads.answersPage(db, viewer, cursor),
      );
      if (page.answers_next !== null) reply.header('Link', `<${page.answers_next}>; rel="next"`);
      return page;
    },
  );

  app.post(
    '/:id/answers/',
    {
      config: { rateLimitPolicy: 'reply', idempotent: true, proofOfWork: true },
      schema: {
        tags: ['answers'],
        summary:
          'Reply to a question, or to one of its answers with parent_id; says what the safety checks found',
        params: IdParams,
        body: AnswerCreateBody,
        response: { 201: AnswerWritten },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const viewer = viewerOf(request, body.session_id);
      const present = ({ row, safety }: WrittenReply) => ({
        // A reply just written: nobody has liked it yet.
        ...presentAnswer(viewer, row, false),
        pii_warnings: safety.pii_warnings,
        support: safety.support,
      });
      const written = await replyTo(
        app,
        viewer,
        { ...body, questionId: request.params.id, parentId: body.parent_id ?? null },
        request.idempotency?.answering(201, present),
      );
      return reply.code(201).send(present(written));
    },
  );
};

export default routes;
