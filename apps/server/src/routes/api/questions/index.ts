/** Questions: the feed with sorts, filters and search, posting, detail with its thread, edit, delete, like, unlike. */
import {
  API_MSG,
  IdParams,
  LikeBody,
  LikeResponse,
  ModerationNoteBody,
  normalizeTags,
  QuestionCreateBody,
  QuestionDetail,
  QuestionDetailQuery,
  QuestionList,
  QuestionListQuery,
  QuestionPatchBody,
  type QuestionSummary,
  QuestionWritten,
  tagNamesProblem,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { requireAuthor, STRANGER, type Viewer } from '../../../auth/identity.ts';
import { absentBodyAsEmpty } from '../../../lib/empty-body.ts';
import { fieldError, forbidden, notFound } from '../../../lib/http-errors.ts';
import { sendKeptJson, sendSerialized, serializerOf } from '../../../lib/kept-json.ts';
import { nextPageLink } from '../../../lib/paging.ts';
import { htmlToPlainText, sanitizeQuestionHtml } from '../../../lib/rich-text.ts';
import { currentUser, signedIn, viewerOf } from '../../../plugins/auth.ts';
import type { PerspectiveFilter } from '../../../presenters/perspectives.ts';
import {
  deleteQuestion,
  findQuestionForUpdate,
  insertQuestion,
  linkTags,
  updateQuestionText,
} from '../../../repositories/questions.ts';
import { insertFlag } from '../../../repositories/reports.ts';
import { ensureTags } from '../../../repositories/tags.ts';
import { feedPage } from '../../../services/feed.ts';
import {
  isStrangersList,
  keySeesStrangersPage,
  type StrangersPage,
} from '../../../services/feed-cache.ts';
import { likeOnce, unlike } from '../../../services/likes.ts';
import { logAdminDelete } from '../../../services/moderation.ts';

/** Sanitized HTML and its plain text; 400 when nothing readable is left. */
function cleanQuestionText(html: string) {
  const text = sanitizeQuestionHtml(html);
  const plain = htmlToPlainText(text);
  if (plain === '') throw fieldError('text', API_MSG.questionEmpty);
  return { text, plain };
}

/** The question with its thread, as `viewer` sees it (services/threads.ts); 404 when gone. */
async function questionDetail(
  app: FastifyInstance,
  viewer: Viewer,
  id: number,
  filter: PerspectiveFilter = {},
) {
  const detail = await app.threads.detail(app.db, viewer, id, filter);
  if (!detail) throw notFound();
  return detail;
}

/** A list differs by who asks: an account, a private key, or nobody. */
const LIST_VARY = 'Authorization, X-Session-Id';

/**
 * A strangers' page, kept (services/feed-cache.ts): the same bytes to everyone it suits, or
 * 304 to a client that has them (lib/kept-json.ts), with the request's own next-page link.
 */
function sendStrangersPage(request: FastifyRequest, reply: FastifyReply, page: StrangersPage) {
  const link = nextPageLink(request.url, page.next === null ? null : { cursor: page.next });
  if (link !== null) reply.header('Link', link);
  return sendKeptJson(request, reply, page.body, page.etag);
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['questions'],
        summary:
          "List questions in the order of `sort` (ranked when searching); next page in the Link header; a search's first page counts its matches (at most 300) in X-Total-Count",
        querystring: QuestionListQuery,
        response: { 200: QuestionList },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      reply.header('Vary', LIST_VARY);
      if (isStrangersList(viewer, request.query)) {
        const page = await app.feedCache.page(request.query, async () => {
          const fresh = await feedPage(app.db, app.cursors, STRANGER, request.query, request.url);
          const json = serializerOf<QuestionSummary[]>(reply)(fresh.questions);
          return { json, next: fresh.next, authors: fresh.authors };
        });
        if (await keySeesStrangersPage(app.db, viewer, page)) {
          return sendStrangersPage(request, reply, page);
        }
      }
      const page = await feedPage(app.db, app.cursors, viewer, request.query, request.url);
      reply.header('Cache-Control', 'private, no-cache');
      if (page.link !== null) reply.header('Link', page.link);
      if (page.total !== null) reply.header('X-Total-Count', String(page.total));
      return page.questions;
    },
  );

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
      const author = requireAuthor(viewer);
      const { text, plain } = cleanQuestionText(body.text);
      const tagProblem = tagNamesProblem(body.tag_names ?? []);
      if (tagProblem) throw fieldError('tag_names', tagProblem);
      const tagNames = normalizeTags(body.tag_names ?? []);
      const safety = app.safety.check(plain);

      const id = await app.db.transaction().execute(async (tx) => {
        await request.idempotency?.claim(tx);
        const tags = await ensureTags(tx, tagNames);
        const { id } = await insertQuestion(tx, {
          text,
          searchText: plain,
          tagText: tagNames.join(' '),
          gender: body.gender ?? 'U',
          ageRange: body.age_range ?? 'U',
          userId: author.userId,
          sessionHash: author.sessionHash,
        });
        await linkTags(
          tx,
          id,
          tags.map((t) => t.id),
        );
        if (safety.categories.length > 0) {
          await insertFlag(tx, { type: 'question', id }, safety.categories);
        }
        return id;
      });
      const detail = await questionDetail(app, viewer, id);
      return reply
        .code(201)
        .send({ ...detail, pii_warnings: safety.pii_warnings, support: safety.support });
    },
  );

  app.get(
    '/:id/',
    {
      schema: {
        tags: ['questions'],
        summary:
          "A question with its whole thread of answers, or (perspective_gender, perspective_age) only the replies of that group, flat; the asker's updates and the replies per gender and age group",
        params: IdParams,
        querystring: QuestionDetailQuery,
        response: { 200: QuestionDetail },
      },
    },
    async (request, reply) => {
      const json = await app.threads.detailJson(
        app.db,
        viewerOf(request),
        request.params.id,
        { gender: request.query.perspective_gender, ageRange: request.query.perspective_age },
        serializerOf<QuestionDetail>(reply),
      );
      if (json === null) throw notFound();
      return sendSerialized(reply, json);
    },
  );

  app.patch(
    '/:id/',
    {
      config: { rateLimitPolicy: 'edit' },
      preHandler: signedIn,
      schema: {
        tags: ['questions'],
        summary: "Edit a question's text (its signed-in owner); says what the safety checks found",
        params: IdParams,
        body: QuestionPatchBody,
        response: { 200: QuestionWritten },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const { text, plain } = cleanQuestionText(request.body.text);
      // A refusal counts against the guess budgets (plugins/rate-limit.ts).
      const safety = await app.limits.ownerOnly(request, `question:${id}`, () =>
        app.db.transaction().execute(async (tx) => {
          const row = await findQuestionForUpdate(tx, id);
          if (!row) throw notFound();
          if (row.user_id !== user.id) throw forbidden();
          const found = app.safety.check(plain);
          await updateQuestionText(tx, id, text, plain);
          if (found.categories.length > 0) {
            await insertFlag(tx, { type: 'question', id }, found.categories);
          }
          return found;
        }),
      );
      const detail = await questionDetail(app, viewerOf(request), id);
      return { ...detail, pii_warnings: safety.pii_warnings, support: safety.support };
    },
  );

  app.delete(
    '/:id/',
    {
      config: { rateLimitPolicy: 'edit' },
      preValidation: absentBodyAsEmpty,
      preHandler: signedIn,
      schema: {
        tags: ['questions'],
        summary:
          'Delete a question and its thread (its signed-in owner, or an admin: logged, with an optional note)',
        params: IdParams,
        body: ModerationNoteBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      await app.limits.ownerOnly(request, `question:${id}`, () =>
        app.db.transaction().execute(async (tx) => {
          const row = await findQuestionForUpdate(tx, id);
          if (!row) throw notFound();
          if (row.user_id !== user.id && !user.is_staff) throw forbidden();
          if (row.user_id !== user.id) {
            const note = request.body.note?.trim() || null;
            await logAdminDelete(tx, { type: 'question', id }, { adminId: user.id, note });
          }
          // Pending reports on it stay for the admins, as 'Content not available'.
          await deleteQuestion(tx, id);
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
        tags: ['questions'],
        summary: 'Like a question, once per user or anonymous session',
        params: IdParams,
        body: LikeBody,
        response: { 200: LikeResponse },
      },
    },
    (request) => {
      const author = requireAuthor(viewerOf(request, request.body.session_id));
      return likeOnce(app.db, 'question', request.params.id, author, request.idempotency);
    },
  );

  app.delete(
    '/:id/like/',
    {
      config: { rateLimitPolicy: 'like' },
      preValidation: absentBodyAsEmpty,
      schema: {
        tags: ['questions'],
        summary:
          'Take back your like of a question (user or anonymous session); 204 even when there was none',
        params: IdParams,
        body: LikeBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const author = requireAuthor(viewerOf(request, request.body.session_id));
      await unlike(app.db, 'question', request.params.id, author);
      return reply.code(204).send(null);
    },
  );
};

export default routes;
