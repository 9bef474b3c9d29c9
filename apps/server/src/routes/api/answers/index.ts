/** One answer: read, edit and delete (its author, by user or session; admins delete), like, unlike. */
import {
  Answer,
  AnswerPatchBody,
  AnswerWritten,
  IdParams,
  LikeBody,
  LikeResponse,
  ModerationNoteBody,
} from '@dating/contract';
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
import { likedAmong } from '../../../repositories/likes.ts';
import { insertFlag } from '../../../repositories/reports.ts';
import { likeOnce, unlike } from '../../../services/likes.ts';
import { logAdminDelete } from '../../../services/moderation.ts';

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
      const viewer = viewerOf(request);
      const row = await findAnswer(app.db, request.params.id);
      if (!row) throw notFound();
      const liked = await likedAmong(app.db, 'answer', [row.id], viewer);
      return presentAnswer(viewer, row, liked.has(row.id));
    },
  );

  app.patch(
    '/:id/',
    {
      config: { rateLimitPolicy: 'edit' },
      schema: {
        tags: ['answers'],
        summary: "Edit an answer's text (its author); says what the safety checks found",
        params: IdParams,
        body: AnswerPatchBody,
        response: { 200: AnswerWritten },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const text = cleanReplyText(request.body.text);
      const { id } = request.params;
      // A refusal counts as a guess at the owner's key (plugins/rate-limit.ts).
      const { row, safety } = await app.limits.ownerOnly(request, `answer:${id}`, () =>
        app.db.transaction().execute(async (tx) => {
          const answer = await findAnswerForUpdate(tx, id);
          if (!answer || answer.is_deleted) throw notFound();
          if (!isOwner(viewer, answer)) throw forbidden();
          const found = app.safety.check(text);
          const updated = await updateAnswerText(tx, answer.id, text);
          if (found.categories.length > 0) {
            await insertFlag(tx, { type: 'answer', id: answer.id }, found.categories);
          }
          return { row: updated, safety: found };
        }),
      );
      const liked = await likedAmong(app.db, 'answer', [row.id], viewer);
      return {
        ...presentAnswer(viewer, row, liked.has(row.id)),
        pii_warnings: safety.pii_warnings,
        support: safety.support,
      };
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
        body: ModerationNoteBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const { id } = request.params;
      await app.limits.ownerOnly(request, `answer:${id}`, () =>
        app.db.transaction().execute(async (tx) => {
          const answer = await findAnswerForDelete(tx, id);
          if (!answer || answer.is_deleted) throw notFound();
          if (!isOwner(viewer, answer)) {
            if (!viewer.user?.is_staff) throw forbidden();
            const note = request.body.note?.trim() || null;
            const target = { type: 'answer', id: answer.id } as const;
            await logAdminDelete(tx, target, { adminId: viewer.user.id, note });
          }
          await deleteAnswer(tx, answer);
        }),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/like/',
    {
      config: { rateLimitPolicy: 'like', idempotent: true, proofOfWork: true },
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
      return likeOnce(app.db, 'answer', request.params.id, author, request.idempotency);
    },
  );

  app.delete(
    '/:id/like/',
    {
      config: { rateLimitPolicy: 'like' },
      preValidation: absentBodyAsEmpty,
      schema: {
        tags: ['answers'],
        summary:
          'Take back your like of an answer (user or anonymous session); 204 even when there was none',
        params: IdParams,
        body: LikeBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const author = requireAuthor(viewerOf(request, request.body.session_id));
      await unlike(app.db, 'answer', request.params.id, author);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
