/** Replying to a question, at the top level or under another answer of the same question. */
import { AnswerCreateBody, AnswerWritten, API_MSG, IdParams, LIMITS } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAuthor } from '../../../auth/identity.ts';
import { fieldError, notFound } from '../../../lib/http-errors.ts';
import { cleanReplyText } from '../../../lib/reply-text.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { presentAnswer } from '../../../presenters/answers.ts';
import { answerDepth, findAnswer, insertAnswer } from '../../../repositories/answers.ts';
import { findQuestionForUpdate } from '../../../repositories/questions.ts';
import { insertFlag } from '../../../repositories/reports.ts';

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
      const author = requireAuthor(viewer);
      const text = cleanReplyText(body.text);
      const safety = app.safety.check(text);
      const questionId = request.params.id;
      const parentId = body.parent_id ?? null;
      const row = await app.db.transaction().execute(async (tx) => {
        await request.idempotency?.claim(tx);
        // Locking the question keeps its answer count exact and stops a delete racing in.
        if (!(await findQuestionForUpdate(tx, questionId))) throw notFound();
        if (parentId !== null) {
          const parent = await findAnswer(tx, parentId);
          if (!parent || parent.question_id !== questionId) {
            throw fieldError('parent_id', 'The parent must be an answer to the same question.');
          }
          if (parent.is_deleted)
            throw fieldError('parent_id', 'You cannot reply to a deleted answer.');
          if ((await answerDepth(tx, parentId, LIMITS.replyDepth)) >= LIMITS.replyDepth) {
            throw fieldError('parent_id', API_MSG.replyTooDeep);
          }
        }
        const answer = await insertAnswer(tx, {
          questionId,
          parentId,
          text,
          gender: body.gender ?? 'U',
          ageRange: body.age_range ?? 'U',
          userId: author.userId,
          sessionHash: author.sessionHash,
        });
        if (safety.categories.length > 0) {
          await insertFlag(tx, { type: 'answer', id: answer.id }, safety.categories);
        }
        return answer;
      });
      return reply.code(201).send({
        // A reply just written: nobody has liked it yet.
        ...presentAnswer(viewer, row, false),
        pii_warnings: safety.pii_warnings,
        support: safety.support,
      });
    },
  );
};

export default routes;
