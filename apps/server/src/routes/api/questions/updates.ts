/**
 * The asker's dated updates to a question ("Update: we talked and it went well"), shown
 * under it; at most 5. Like every call that creates, it takes an Idempotency-Key, and an
 * anonymous asker needs a solved challenge.
 */
import { IdParams, QuestionUpdate, QuestionUpdateBody } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../../../plugins/auth.ts';
import { presentQuestionUpdate, type QuestionUpdateRow } from '../../../presenters/questions.ts';
import { addUpdate, cleanUpdateText } from '../../../services/outcomes.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:id/updates/',
    {
      config: { rateLimitPolicy: 'edit', idempotent: true, proofOfWork: true },
      schema: {
        tags: ['questions'],
        summary:
          'Add an update to a question (the asker only; plain text, 1 to 1,000 characters; at most 5)',
        params: IdParams,
        body: QuestionUpdateBody,
        response: { 201: QuestionUpdate },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request, request.body.session_id);
      const text = cleanUpdateText(request.body.text);
      const { id } = request.params;
      const row = await app.limits.ownerOnly(request, `question:${id}:updates`, () =>
        addUpdate(
          app.db,
          viewer,
          id,
          text,
          app.watchedWords,
          request.idempotency?.answering(201, (update: QuestionUpdateRow) =>
            presentQuestionUpdate(update),
          ),
        ),
      );
      return reply.code(201).send(presentQuestionUpdate(row));
    },
  );
};

export default routes;
