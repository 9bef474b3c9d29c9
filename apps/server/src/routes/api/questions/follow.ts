/**
 * Following a question: its new replies and the asker's updates reach your inbox. Both
 * calls answer 204 and may be repeated; the asker and answerers follow from their first
 * post on, and may unfollow.
 */
import { IdentityBody, IdParams } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAuthor } from '../../../auth/identity.ts';
import { absentBodyAsEmpty } from '../../../lib/empty-body.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { followQuestion, unfollowQuestion } from '../../../services/follows.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [method, following] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:id/follow/',
      config: { rateLimitPolicy: 'edit' },
      preValidation: absentBodyAsEmpty,
      schema: {
        tags: ['questions'],
        summary: following
          ? 'Follow a question (at most 1,000 at once): be notified of its new replies and updates'
          : 'Stop following a question',
        params: IdParams,
        body: IdentityBody,
        response: { 204: Type.Null() },
      },
      handler: async (request, reply) => {
        const viewer = viewerOf(request, request.body.session_id);
        const author = requireAuthor(viewer);
        const change = following ? followQuestion : unfollowQuestion;
        await change(app.db, viewer, author, request.params.id);
        reply.header('Cache-Control', 'private, no-store');
        return reply.code(204).send(null);
      },
    });
  }
};

export default routes;
