/** One answer: read, edit and delete (its author, by account or anonymous key; admins delete). */
import { Answer, AnswerPatchBody, AnswerWritten, IdParams, PostDeleteBody } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Viewer } from '../../../auth/identity.ts';
import { absentBodyAsEmpty } from '../../../lib/empty-body.ts';
import { notFound } from '../../../lib/http-errors.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { presentAnswer } from '../../../presenters/answers.ts';
import { findAnswer } from '../../../repositories/answers.ts';
import { likedAmong } from '../../../repositories/likes.ts';
import { deletePost, editPost } from '../../../services/posts.ts';

/** The answer as `viewer` sees it; 404 when there is none. */
async function answerOf(app: FastifyInstance, viewer: Viewer, id: number) {
  const row = await findAnswer(app.db, id);
  if (!row) throw notFound();
  const liked = await likedAmong(app.db, 'answer', [row.id], viewer);
  return presentAnswer(viewer, row, liked.has(row.id));
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/',
    {
      schema: {
        tags: ['answers'],
        summary: 'One answer',
        params: IdParams,
        response: { 200: Answer },
      },
    },
    (request) => answerOf(app, viewerOf(request), request.params.id),
  );

  app.patch(
    '/:id/',
    {
      config: { rateLimitPolicy: 'edit' },
      schema: {
        tags: ['answers'],
        summary:
          "Edit an answer's text (its author: account or anonymous key); says what the safety checks found",
        params: IdParams,
        body: AnswerPatchBody,
        response: { 200: AnswerWritten },
      },
    },
    async (request) => {
      const viewer = viewerOf(request, request.body.session_id);
      const target = { type: 'answer', id: request.params.id } as const;
      const safety = await app.limits.ownerOnly(request, `answer:${target.id}`, () =>
        editPost(app, viewer, target, request.body.text),
      );
      const answer = await answerOf(app, viewer, target.id);
      return { ...answer, pii_warnings: safety.pii_warnings, support: safety.support };
    },
  );

  app.delete(
    '/:id/',
    {
      config: { rateLimitPolicy: 'edit' },
      preValidation: absentBodyAsEmpty,
      schema: {
        tags: ['answers'],
        summary:
          'Delete an answer (its author, or an admin: logged, with an optional note); one with replies leaves "[deleted]"',
        params: IdParams,
        body: PostDeleteBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request, request.body.session_id);
      const target = { type: 'answer', id: request.params.id } as const;
      const note = request.body.note?.trim() || null;
      await app.limits.ownerOnly(request, `answer:${target.id}`, () =>
        deletePost(app, viewer, target, note),
      );
      return reply.code(204).send(null);
    },
  );
};

export default routes;
