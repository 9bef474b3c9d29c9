/** One answer: read, edit and delete (its author, by account or anonymous key; admins delete). */
import { Answer, IdParams } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Viewer } from '../../../auth/identity.ts';
import { notFound } from '../../../lib/http-errors.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { presentAnswer } from '../../../presenters/answers.ts';
import { visibleTo } from '../../../presenters/ownership.ts';
import { findAnswer } from '../../../repositories/answers.ts';
import { likedAmong } from '../../../repositories/likes.ts';
import { findPostVisibility } from '../../../repositories/questions.ts';

/**
 * The answer as `viewer` sees it; 404 when there is none, or when it is hidden from the
 * viewer, by itself or with its question (presenters/ownership.ts `visibleTo`).
 */
export async function answerOf(app: FastifyInstance, viewer: Viewer, id: number) {
  const [row, seen] = await Promise.all([
    findAnswer(app.db, id),
    findPostVisibility(app.db, { type: 'answer', id }),
  ]);
  if (!row || !seen || !visibleTo(viewer, row, seen.question)) throw notFound();
  const liked = await likedAmong(app.db, 'answer', [row.id], viewer);
  return presentAnswer(viewer, row, liked.has(row.id));
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/',
    {
      schema: {
        tags: ['answers'],
        summary:
          'One answer; 404, as for none, when it is hidden from you (hidden by reports, or under a question hidden by reports: only its author, the asker and admins see it)',
        params: IdParams,
        response: { 200: Answer },
      },
    },
    (request) => answerOf(app, viewerOf(request), request.params.id),
  );
};

export default routes;
