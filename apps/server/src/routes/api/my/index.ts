/**
 * One's own content: a signed-in user's replies; the posts of an anonymous key, for its
 * holder only; the questions an account or a key follows; and the move of a key's posts
 * into the signed-in account.
 */
import {
  AnonymousPostList,
  ClaimBody,
  ClaimResult,
  FollowedQuestionList,
  LIMITS,
  MyAnswerList,
  PageQuery,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAuthor, requireSessionId } from '../../../auth/identity.ts';
import {
  decodeInboxCursor,
  decodePostCursor,
  encodeInboxCursor,
  encodePostCursor,
} from '../../../lib/cursor.ts';
import { fieldError } from '../../../lib/http-errors.ts';
import { nextPageLink } from '../../../lib/paging.ts';
import { hashSessionId } from '../../../lib/session-id.ts';
import { currentUser, signedIn, viewerOf } from '../../../plugins/auth.ts';
import { presentAnonymousPost } from '../../../presenters/anonymous-posts.ts';
import { presentMyAnswer } from '../../../presenters/answers.ts';
import { presentFollow } from '../../../presenters/notifications.ts';
import { listPostsOfSession, movePostsToUser } from '../../../repositories/anonymous-posts.ts';
import { answersOfUser } from '../../../repositories/answers.ts';
import { listFollows, moveFollowsToUser } from '../../../repositories/follows.ts';
import { likedAmong } from '../../../repositories/likes.ts';
import { moveNotificationsToUser } from '../../../repositories/notifications.ts';
import { moveSubscriptionsToUser } from '../../../repositories/push-subscriptions.ts';
import { copySilencesToUser } from '../../../repositories/silences.ts';

const MY_ANSWERS_MAX = LIMITS.pageSizeMax * 5;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/answers/',
    {
      preHandler: signedIn,
      schema: {
        tags: ['my content'],
        summary: `Your own replies, newest first (at most ${MY_ANSWERS_MAX}), with their questions' text`,
        response: { 200: MyAnswerList },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const viewer = viewerOf(request);
      const rows = await answersOfUser(app.db, user.id, MY_ANSWERS_MAX);
      const liked = await likedAmong(
        app.db,
        'answer',
        rows.map((row) => row.id),
        viewer,
      );
      return rows.map((row) => presentMyAnswer(viewer, row, liked.has(row.id)));
    },
  );

  app.get(
    '/anonymous/',
    {
      schema: {
        tags: ['my content'],
        summary:
          'The questions and replies made with the anonymous key in X-Session-Id, newest first; next page in the Link header. Anonymous requests only: a signed-in request has no key.',
        querystring: PageQuery,
        response: { 200: AnonymousPostList },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      // One identity per request: a signed-in request carries no key to list.
      if (viewer.sessionHash === null) {
        throw fieldError('session_id', viewer.user ? 'anonymousKeyOnly' : 'sessionInvalid');
      }
      const limit = request.query.limit ?? LIMITS.pageSizeDefault;
      const after =
        request.query.cursor === undefined
          ? undefined
          : decodePostCursor(app.cursors, request.query.cursor);
      const rows = await listPostsOfSession(app.db, viewer.sessionHash, { limit, after });
      const last = rows.length > limit ? rows[limit - 1] : undefined;
      const link = nextPageLink(
        request.url,
        last
          ? { cursor: encodePostCursor(app.cursors, { at: last.at, type: last.type, id: last.id }) }
          : null,
      );
      if (link !== null) reply.header('Link', link);
      const page = rows.slice(0, limit);
      const [likedQuestions, likedAnswers] = await Promise.all(
        (['question', 'answer'] as const).map((type) =>
          likedAmong(
            app.db,
            type,
            page.filter((row) => row.type === type).map((row) => row.id),
            viewer,
          ),
        ),
      );
      return page.map((row) =>
        presentAnonymousPost(
          viewer,
          row,
          (row.type === 'question' ? likedQuestions : likedAnswers)?.has(row.id) ?? false,
        ),
      );
    },
  );

  app.get(
    '/following/',
    {
      schema: {
        tags: ['my content'],
        summary:
          'The questions you follow (account, or the key in X-Session-Id), the latest follow first, with their first words; next page in the Link header.',
        querystring: PageQuery,
        response: { 200: FollowedQuestionList },
      },
    },
    async (request, reply) => {
      // Whose follows these are, even when the answer is an error.
      reply.header('Cache-Control', 'private, no-store');
      const viewer = viewerOf(request);
      const follower = requireAuthor(viewer);
      const { cursor, limit = LIMITS.pageSizeDefault } = request.query;
      const after =
        cursor === undefined ? undefined : decodeInboxCursor(app.cursors, cursor, 'follows');
      const rows = await listFollows(app.db, follower, { limit, after });
      const last = rows.length > limit ? rows[limit - 1] : undefined;
      const next =
        last && encodeInboxCursor(app.cursors, { at: Number(last.at), id: last.id }, 'follows');
      const link = nextPageLink(request.url, next ? { cursor: next } : null);
      if (link !== null) reply.header('Link', link);
      return rows.slice(0, limit).map((row) => presentFollow(viewer, row));
    },
  );

  app.post(
    '/claim/',
    {
      preHandler: signedIn,
      config: { rateLimitPolicy: 'edit' },
      schema: {
        tags: ['my content'],
        summary:
          "Move the questions and replies of an anonymous key (body session_id) into the signed-in account; answers the ids that moved. Opt-in: afterwards the account owns them, and the key's hash is gone from them.",
        body: ClaimBody,
        response: { 200: ClaimResult },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // The key is what moves, not who asks: it is read even though the request is signed in.
      const key = requireSessionId(request.body.session_id);
      const sessionHash = hashSessionId(key);
      return app.db.transaction().execute(async (tx) => {
        const moved = await movePostsToUser(tx, sessionHash, user.id);
        // The key's inbox, follows and devices go with its posts.
        await moveNotificationsToUser(tx, sessionHash, user.id);
        await moveFollowsToUser(tx, sessionHash, user.id);
        await moveSubscriptionsToUser(tx, sessionHash, user.id, LIMITS.pushSubscriptionsMax);
        // A silenced key's silence goes with it: claiming is no way around it.
        await copySilencesToUser(tx, sessionHash, user.id);
        return moved;
      });
    },
  );
};

export default routes;
