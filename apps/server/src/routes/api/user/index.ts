/** Who is asking: the signed-in user of the request's bearer token, if any. */
import { UserStatus } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/status/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the request is signed in, and as whom',
        response: { 200: UserStatus },
      },
    },
    async (request) => ({ is_authenticated: request.user !== null, user: request.user }),
  );
};

export default routes;
