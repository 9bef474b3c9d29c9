/**
 * Who is asking: the signed-in user of the request's bearer token, if any, and whether the
 * caller (that account, or else the anonymous key in X-Session-Id) is silenced: their own
 * silence only, so the web app can say why they cannot post.
 */
import { UserStatus } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../../../plugins/auth.ts';
import { activeSilenceOf } from '../../../repositories/silences.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/status/',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Whether the request is signed in, and as whom; and whether the caller is silenced (why, until when)',
        response: { 200: UserStatus },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const silence = await activeSilenceOf(app.db, {
        userId: viewer.user?.id ?? null,
        sessionHash: viewer.sessionHash,
      });
      return {
        is_authenticated: request.user !== null,
        user: request.user,
        silenced: silence ? { reason: silence.reason, until: silence.ends_at.toISOString() } : null,
      };
    },
  );
};

export default routes;
