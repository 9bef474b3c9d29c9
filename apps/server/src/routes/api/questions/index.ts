/** Questions: the feed with filters and search, posting, detail with its thread, edit, delete, like. */
import {
  API_MSG,
  IdParams,
  LIMITS,
  LikeBody,
  LikeResponse,
  normalizeTags,
  QuestionCreateBody,
  QuestionDetail,
  QuestionList,
  QuestionListQuery,
  QuestionPatchBody,
  tagListProblem,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { requireAuthor, type Viewer } from '../../../auth/identity.ts';
import {
  decodeFeedCursor,
  decodeSearchCursor,
  encodeFeedCursor,
  encodeSearchCursor,
  type SearchCursor,
} from '../../../lib/cursor.ts';
import { absentBodyAsEmpty } from '../../../lib/empty-body.ts';
import { fieldError, forbidden, notFound, unauthorized } from '../../../lib/http-errors.ts';
import { htmlToPlainText, sanitizeQuestionHtml } from '../../../lib/rich-text.ts';
import { currentUser, signedIn, viewerOf } from '../../../plugins/auth.ts';
import { presentAnswerTree } from '../../../presenters/answers.ts';
import { presentQuestion, presentQuestionDetail } from '../../../presenters/questions.ts';
import {
  deleteQuestion,
  findQuestion,
  findQuestionForUpdate,
  insertQuestion,
  linkTags,
  listQuestions,
  type QuestionPageRow,
  SEARCH_CANDIDATES,
  updateQuestionText,
} from '../../../repositories/questions.ts';
import {
  ensureTags,
  findTagIdByName,
  tagsOfQuestions,
  tagsOfRows,
} from '../../../repositories/tags.ts';
import { likeOnce } from '../../../services/likes.ts';
import { ThreadService } from '../../../services/threads.ts';

/** Sanitized HTML and its plain text; 400 when nothing readable is left. */
function cleanQuestionText(html: string) {
  const text = sanitizeQuestionHtml(html);
  const plain = htmlToPlainText(text);
  if (plain === '') throw fieldError('text', API_MSG.questionEmpty);
  return { text, plain };
}

/**
 * Sends a question with its whole thread. A kept thread (services/threads.ts) goes out as
 * its stored JSON to a viewer who wrote none of it: the route's schema serializes the
 * question with no answers, and the stored answers take the place of that empty list. In
 * serialized JSON every quote inside a string is escaped, so `"answers":[]` can only be
 * the property itself.
 */
async function sendDetail(app: FastifyInstance, reply: FastifyReply, viewer: Viewer, id: number) {
  const row = await findQuestion(app.db, id);
  if (!row) throw notFound();
  const [tags, thread] = await Promise.all([
    tagsOfQuestions(app.db, [id]),
    app.threads.load(app.db, id, row.thread_version),
  ]);
  const tagList = tags.get(id) ?? [];
  if (thread.strangersJson !== undefined && !ThreadService.wroteIn(viewer, thread)) {
    // The route's own JSON serializer always gives a string.
    const head = String(reply.serialize(presentQuestionDetail(viewer, row, tagList, [])));
    return reply
      .type('application/json; charset=utf-8')
      .send(head.replace('"answers":[]', `"answers":${thread.strangersJson}`));
  }
  return reply.send(
    presentQuestionDetail(viewer, row, tagList, presentAnswerTree(viewer, thread.rows)),
  );
}

/** `/api/questions/?<same filters>&cursor=<next>`: the next page's address for the Link header. */
function nextPageLink(url: string, cursor: string): string {
  const next = new URL(url, 'http://placeholder');
  next.searchParams.set('cursor', cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}

/**
 * Where the page after `rows` (one more than the page asked for) starts, or null at the
 * end. Search goes on within its window of candidates, then to the next, older window
 * when this one was full (it may hold no more matches: that page is then empty).
 */
function nextCursor(
  rows: QuestionPageRow[],
  limit: number,
  search: SearchCursor | undefined,
): string | null {
  const last = rows.slice(0, limit).at(-1);
  if (search === undefined) {
    return rows.length > limit && last ? encodeFeedCursor({ id: last.id }) : null;
  }
  const window = rows[0];
  if (rows.length > limit && last?.rank) {
    return encodeSearchCursor({ ...search, after: { rank: last.rank, id: last.id } });
  }
  if (window?.window_size === SEARCH_CANDIDATES && window.window_floor !== null) {
    return encodeSearchCursor({ below: window.window_floor });
  }
  return null;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['questions'],
        summary:
          'List questions, newest first (ranked when searching); next page in the Link header',
        querystring: QuestionListQuery,
        response: { 200: QuestionList },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const viewer = viewerOf(request);
      if (q.user_id !== undefined) {
        if (!request.user) throw unauthorized();
        if (q.user_id !== request.user.id) throw forbidden('You can only list your own questions.');
      }
      let tagId: number | undefined;
      if (q.tag_id !== undefined && q.tag_id.trim() !== '') {
        const raw = q.tag_id.trim();
        // The specification's client sends the tag's name, so a name wins, even one
        // that looks like a number ("2024"); otherwise a number is an id. An unknown
        // tag matches nothing.
        const tag = await findTagIdByName(app.db, raw.toLowerCase());
        if (tag) tagId = tag.id;
        else if (/^\d{1,10}$/.test(raw) && Number(raw) <= 2_147_483_647) tagId = Number(raw);
        else return [];
      }
      const search = q.search?.trim() || undefined;
      const feedAfter = search === undefined && q.cursor ? decodeFeedCursor(q.cursor) : undefined;
      const searchFrom =
        search === undefined ? undefined : q.cursor ? decodeSearchCursor(q.cursor) : {};
      const after = feedAfter ?? searchFrom;
      const limit = q.limit ?? LIMITS.pageSizeDefault;
      const rows = await listQuestions(
        app.db,
        { search, tagId, gender: q.gender, ageRange: q.age_range, userId: q.user_id },
        { limit, after },
      );
      const page = rows.slice(0, limit);
      const next = nextCursor(rows, limit, searchFrom);
      if (next !== null) reply.header('Link', nextPageLink(request.url, next));
      const tags = await tagsOfRows(app.db, page);
      return page.map((row, i) => presentQuestion(viewer, row, tags[i] ?? []));
    },
  );

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      config: { rateLimitPolicy: 'question' },
      schema: {
        tags: ['questions'],
        summary: 'Ask a question (anonymous askers send session_id)',
        body: QuestionCreateBody,
        response: { 201: QuestionDetail },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const viewer = viewerOf(request, body.session_id);
      const author = requireAuthor(viewer);
      const { text, plain } = cleanQuestionText(body.text);
      const tagNames = normalizeTags(body.tag_names ?? []);
      const tagProblem = tagListProblem(tagNames);
      if (tagProblem) throw fieldError('tag_names', tagProblem);

      const id = await app.db.transaction().execute(async (tx) => {
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
        return id;
      });
      return sendDetail(app, reply.code(201), viewer, id);
    },
  );

  app.get(
    '/:id/',
    {
      schema: {
        tags: ['questions'],
        summary: 'A question with its whole thread of answers',
        params: IdParams,
        response: { 200: QuestionDetail },
      },
    },
    (request, reply) => sendDetail(app, reply, viewerOf(request), request.params.id),
  );

  app.patch(
    '/:id/',
    {
      config: { rateLimitPolicy: 'edit' },
      preHandler: signedIn,
      schema: {
        tags: ['questions'],
        summary: "Edit a question's text (its signed-in owner)",
        params: IdParams,
        body: QuestionPatchBody,
        response: { 200: QuestionDetail },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      const { text, plain } = cleanQuestionText(request.body.text);
      await app.db.transaction().execute(async (tx) => {
        const row = await findQuestionForUpdate(tx, id);
        if (!row) throw notFound();
        if (row.user_id !== user.id) throw forbidden();
        await updateQuestionText(tx, id, text, plain);
      });
      return sendDetail(app, reply, viewerOf(request), id);
    },
  );

  app.delete(
    '/:id/',
    {
      config: { rateLimitPolicy: 'edit' },
      preHandler: signedIn,
      schema: {
        tags: ['questions'],
        summary: 'Delete a question and its thread (its signed-in owner, or an admin)',
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      await app.db.transaction().execute(async (tx) => {
        const row = await findQuestionForUpdate(tx, id);
        if (!row) throw notFound();
        if (row.user_id !== user.id && !user.is_staff) throw forbidden();
        // Pending reports on it stay for the admins, as 'Content not available'.
        await deleteQuestion(tx, id);
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
        tags: ['questions'],
        summary: 'Like a question, once per user or anonymous session',
        params: IdParams,
        body: LikeBody,
        response: { 200: LikeResponse },
      },
    },
    (request) => {
      const author = requireAuthor(viewerOf(request, request.body.session_id));
      return likeOnce(app.db, 'question', request.params.id, author);
    },
  );
};

export default routes;
