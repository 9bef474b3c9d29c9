/** The signed-in user's own content. */
import { LIMITS, MyAnswerList } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser, signedIn, viewerOf } from '../../../plugins/auth.ts';
import { presentMyAnswer } from '../../../presenters/answers.ts';
import { answersOfUser } from '../../../repositories/answers.ts';

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
      return rows.map((row) => presentMyAnswer(viewer, row));
    },
  );
};

export default routes;
