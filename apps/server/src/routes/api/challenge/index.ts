/** Proof-of-work challenges for anonymous writes (services/proof-of-work.ts). Public. */
import { PowChallenge } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      config: { rateLimitPolicy: 'challenge' },
      schema: {
        tags: ['challenge'],
        summary:
          'A proof-of-work challenge (ALTCHA) for one anonymous question, reply, like or report; 204 when none is needed',
        response: { 200: PowChallenge, 204: Type.Null() },
      },
    },
    async (_request, reply) => {
      // Each challenge is new and used once: never cached.
      reply.header('Cache-Control', 'no-store');
      if (!app.pow.enabled) return reply.code(204).send(null);
      return app.pow.challenge();
    },
  );
};

export default routes;
