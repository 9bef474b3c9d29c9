/**
 * Editing and deleting a question or a reply: one plugin, registered under `/questions` and
 * `/answers` (app.ts), so both kinds follow one set of rules (services/posts.ts `editPost`,
 * `deletePost`: the owner, by account or anonymous key; admins delete). A refusal counts
 * as a guess at the owner's key (plugins/rate-limit.ts `ownerOnly`). Each kind says how a
 * post it has just edited is presented.
 */
import {
  type Answer,
  AnswerPatchBody,
  AnswerWritten,
  IdParams,
  PostDeleteBody,
  type QuestionDetail,
  QuestionPatchBody,
  QuestionWritten,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Viewer } from '../../../auth/identity.ts';
import { absentBodyAsEmpty } from '../../../lib/empty-body.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { deletePost, editPost } from '../../../services/posts.ts';

const KINDS = {
  question: {
    tag: 'questions',
    patchBody: QuestionPatchBody,
    written: QuestionWritten,
    editSummary:
      "Edit a question's text (its signed-in owner, or the anonymous key that asked it); says what the safety checks found",
    deleteSummary:
      'Delete a question and its thread (its signed-in owner, the anonymous key that asked it, or an admin: logged, with an optional note)',
  },
  answer: {
    tag: 'answers',
    patchBody: AnswerPatchBody,
    written: AnswerWritten,
    editSummary:
      "Edit an answer's text (its author: account or anonymous key); says what the safety checks found",
    deleteSummary:
      'Delete an answer (its author, or an admin: logged, with an optional note); one with replies leaves "[deleted]"',
  },
} as const;

type Kind = keyof typeof KINDS;

/** How a post is shown once edited: the question with its thread, or the reply. */
export type PresentPost = (
  app: FastifyInstance,
  viewer: Viewer,
  id: number,
) => Promise<QuestionDetail | Answer>;

export function ownPostRoutes(kind: Kind, present: PresentPost): FastifyPluginAsyncTypebox {
  const spec = KINDS[kind];
  return async (app) => {
    app.patch(
      '/:id/',
      {
        config: { rateLimitPolicy: 'edit' },
        schema: {
          tags: [spec.tag],
          summary: spec.editSummary,
          params: IdParams,
          body: spec.patchBody,
          response: { 200: spec.written },
        },
      },
      async (request) => {
        const viewer = viewerOf(request, request.body.session_id);
        const target = { type: kind, id: request.params.id };
        const safety = await app.limits.ownerOnly(request, `${kind}:${target.id}`, () =>
          editPost(app, viewer, target, request.body.text),
        );
        const post = await present(app, viewer, target.id);
        return { ...post, pii_warnings: safety.pii_warnings, support: safety.support };
      },
    );

    app.delete(
      '/:id/',
      {
        config: { rateLimitPolicy: 'edit' },
        preValidation: absentBodyAsEmpty,
        schema: {
          tags: [spec.tag],
          summary: spec.deleteSummary,
          params: IdParams,
          body: PostDeleteBody,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(request, request.body.session_id);
        const target = { type: kind, id: request.params.id };
        const note = request.body.note?.trim() || null;
        await app.limits.ownerOnly(request, `${kind}:${target.id}`, () =>
          deletePost(app, viewer, target, note),
        );
        return reply.code(204).send(null);
      },
    );
  };
}
