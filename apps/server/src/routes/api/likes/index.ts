/**
 * Liking a question or an answer, and taking the like back: one plugin, registered under
 * `/questions` and `/answers` (app.ts), so both kinds follow one set of rules (services/likes.ts).
 */
import { IdParams, LikeBody, LikeResponse } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { absentBodyAsEmpty } from '../../../lib/empty-body.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import type { LikeTarget } from '../../../repositories/likes.ts';
import { likeOnce, unlike } from '../../../services/likes.ts';

const TAGS = { question: 'questions', answer: 'answers' } as const;

export function likeRoutes(kind: LikeTarget): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/:id/like/',
      {
        config: { rateLimitPolicy: 'like', idempotent: true, proofOfWork: true },
        // The specification's client sends an empty body when signed in.
        preValidation: absentBodyAsEmpty,
        schema: {
          tags: [TAGS[kind]],
          summary: `Like ${kind === 'question' ? 'a question' : 'an answer'}, once per user or anonymous session`,
          params: IdParams,
          body: LikeBody,
          response: { 200: LikeResponse },
        },
      },
      (request) => {
        const viewer = viewerOf(request, request.body.session_id);
        const key = request.idempotency?.answering(200, (like: LikeResponse) => like);
        return likeOnce(app.db, app.likeBatches, kind, request.params.id, viewer, key);
      },
    );

    app.delete(
      '/:id/like/',
      {
        config: { rateLimitPolicy: 'like' },
        preValidation: absentBodyAsEmpty,
        schema: {
          tags: [TAGS[kind]],
          summary: `Take back your like of ${kind === 'question' ? 'a question' : 'an answer'} (user or anonymous session); 204 even when there was none`,
          params: IdParams,
          body: LikeBody,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await unlike(app.db, kind, request.params.id, viewerOf(request, request.body.session_id));
        return reply.code(204).send(null);
      },
    );
  };
}
