/** One answer: read, edit and delete (its author, by user or session; admins delete), like. */
import { Answer, AnswerPatchBody, IdParams, LikeBody, LikeResponse } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isOwner, requireAuthor } from '../../../auth/identity.ts';
import { absentBodyAsEmpty } from '../../../lib/empty-body.ts';
import { forbidden, notFound } from '../../../lib/http-errors.ts';
import { cleanReplyText } from '../../../lib/reply-text.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { presentAnswer } from '../../../presenters/answers.ts';
import {
  deleteAnswer,
  findAnswer,
  findAnswerForDelete,
  findAnswerForUpdate,
  updateAnswerText,
} from '../../../repositories/answers.ts';
import { likeOnce } from '../../../services/likes.ts';

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
    async (request) => {
      const row = await findAnswer(app.db, request.params.id);
      if (!row) throw notFound();
      return presentAnswer(viewerOf(request), row);
    },
  );

  app.patch(
    '/:id/',
    {
      config: { rateLimitPolicy: 'edit' },
      schema: {
        tags: ['answers'],
        summary: "Edit an answer's text (its author)",
        params: IdParams,
        body: AnswerPatchBody,
        response: { 200: Answer },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const text = cleanReplyText(request.body.text);
      const row = await app.db.transaction().execute(async (tx) => {
        const answer = await findAnswerForUpdate(tx, request.params.id);
        if (!answer || answer.is_deleted) throw notFound();
        if (!isOwner(viewer, answer)) throw forbidden();
        return updateAnswerText(tx, answer.id, text);
      });
      return presentAnswer(viewer, row);
    },
  );

  app.delete(
    '/:id/',
    {
      config: { rateLimitPolicy: 'edit' },
      schema: {
        tags: ['answers'],
        summary: 'Delete an answer (its author, or an admin); one with replies leaves "[deleted]"',
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await app.db.transaction().execute(async (tx) => {
        const answer = await findAnswerForDelete(tx, request.params.id);
        if (!answer || answer.is_deleted) throw notFound();
        if (!isOwner(viewer, answer) && !viewer.user?.is_staff) throw forbidden();
        await deleteAnswer(tx, answer);
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/like/',
    {
      config: { rateLimitPolicy: 'like' },
      // The specification's client sends an empty body when signed in.
      preValidation: absentBodyAsEmpty,
      schema: {
        tags: ['answers'],
        summary: 'Like an answer, once per user or anonymous session',
        params: IdParams,
        body: LikeBody,
        response: { 200: LikeResponse },
      },
    },
    (request) => {
      const author = requireAuthor(viewerOf(request, request.body.session_id));
      return likeOnce(app.db, 'answer', request.params.id, author);
    },
  );
};

export default routes;
