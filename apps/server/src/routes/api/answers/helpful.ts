/**
 * "This helped": the asker marks (POST) or unmarks (DELETE) a reply; both idempotent, both
 * answer 200 with the reply as it now is. Anyone but the asker gets 403, counted as a
 * guess at the asker's key (plugins/rate-limit.ts).
 */
import { Answer, HelpfulBody, IdParams } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { absentBodyAsEmpty } from '../../../lib/empty-body.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { presentAnswer } from '../../../presenters/answers.ts';
import { likedAmong } from '../../../repositories/likes.ts';
import { setHelpful } from '../../../services/outcomes.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [method, helpful] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:id/helpful/',
      config: { rateLimitPolicy: 'edit' },
      preValidation: absentBodyAsEmpty,
      schema: {
        tags: ['answers'],
        summary: helpful
          ? 'Mark a reply "This helped" (the asker only; at most 3 a question); idempotent'
          : 'Unmark a reply "This helped" (the asker only); idempotent',
        params: IdParams,
        body: HelpfulBody,
        response: { 200: Answer },
      },
      handler: async (request) => {
        const viewer = viewerOf(request, request.body.session_id);
        const { id } = request.params;
        const row = await app.limits.ownerOnly(request, `answer:${id}:helpful`, () =>
          setHelpful(app.db, viewer, id, helpful),
        );
        const liked = await likedAmong(app.db, 'answer', [row.id], viewer);
        return presentAnswer(viewer, row, liked.has(row.id));
      },
    });
  }
};

export default routes;
