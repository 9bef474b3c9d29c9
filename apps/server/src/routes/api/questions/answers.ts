/** Replying to a question, at the top level or under another answer of the same question. */
import { AnswerCreateBody, AnswerWritten, IdParams } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAuthor } from '../../../auth/identity.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { presentAnswer } from '../../../presenters/answers.ts';
import { replyTo, type WrittenReply } from '../../../services/posts.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
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
        requireAuthor(viewer),
        { ...body, questionId: request.params.id, parentId: body.parent_id ?? null },
        request.idempotency?.answering(201, present),
      );
      return reply.code(201).send(present(written));
    },
  );
};

export default routes;
