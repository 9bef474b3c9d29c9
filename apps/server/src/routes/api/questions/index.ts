/** Questions: the feed with sorts, filters and search, asking, the detail with its thread, edit, delete. */
import {
  IdParams,
  QuestionCreateBody,
  QuestionDetail,
  QuestionDetailQuery,
  QuestionWritten,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireAuthor, type Viewer } from '../../../auth/identity.ts';
import { notFound } from '../../../lib/http-errors.ts';
import { sendSerialized, serializerOf } from '../../../lib/kept-json.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { type AskedQuestion, askQuestion } from '../../../services/posts.ts';
import type { SafetyReport } from '../../../services/safety.ts';

/** A written question's response: the detail, with what the safety checks found. */
function withSafety(detail: QuestionDetail, safety: SafetyReport) {
  return { ...detail, pii_warnings: safety.pii_warnings, support: safety.support };
}

/** The question with its thread, as `viewer` sees it (services/threads.ts); 404 when gone. */
export async function questionDetail(app: FastifyInstance, viewer: Viewer, id: number) {
  const detail = await app.threads.detail(app.db, viewer, id);
  if (!detail) throw notFound();
  return detail;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      config: { rateLimitPolicy: 'question', idempotent: true, proofOfWork: true },
      schema: {
        tags: ['questions'],
        summary:
          'Ask a question (anonymous askers send session_id and a solved challenge); the answer says what the safety checks found',
        body: QuestionCreateBody,
        response: { 201: QuestionWritten },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const viewer = viewerOf(request, body.session_id);
      const { written, safety } = await askQuestion(
        app,
        requireAuthor(viewer),
        { ...body, tagNames: body.tag_names ?? [] },
        // The asker's view, from what the asking transaction wrote: nothing is read again.
        request.idempotency?.answering(201, (asked: AskedQuestion) =>
          withSafety(app.threads.asked(viewer, asked.written), asked.safety),
        ),
      );
      return reply.code(201).send(withSafety(app.threads.asked(viewer, written), safety));
    },
  );

  app.get(
    '/:id/',
    {
      schema: {
        tags: ['questions'],
        summary:
          'A question with the first page of its thread of answers (the rest: answers_next, also a Link rel="next" header), or (perspective_gender, perspective_age) only the replies of that group, flat; the asker\'s updates and the replies per gender and age group (of the whole thread)',
        params: IdParams,
        querystring: QuestionDetailQuery,
        response: { 200: QuestionDetail },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      // Public: a replica up to date for this reader may serve it (plugins/replica-reads.ts).
      const detail = await app.replicaReads.read(request, (db) =>
        app.threads.detailJson(
          db,
          viewer,
          request.params.id,
          { gender: request.query.perspective_gender, ageRange: request.query.perspective_age },
          serializerOf<QuestionDetail>(reply),
        ),
      );
      if (detail === null) throw notFound();
      if (detail.next !== null) reply.header('Link', `<${detail.next}>; rel="next"`);
      return sendSerialized(reply, detail.json);
    },
  );
};

export default routes;
