/**
 * Proof-of-work for anonymous writes (services/proof-of-work.ts). A route opts in with
 * `config: { proofOfWork: true }`: a request without a signed-in user must then carry a
 * solved challenge in the `X-Altcha` header (or `altcha` in its body), checked after the
 * body is parsed and the abuse limits are counted. Signed-in users skip it, and
 * POW_DIFFICULTY=off turns it off. Used challenges are remembered in Redis when REDIS_URL
 * is set (shared by every instance), in memory otherwise.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  MemoryUsedChallenges,
  ProofOfWork,
  RedisUsedChallenges,
  type UsedChallenges,
} from '../services/proof-of-work.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous requests need a solved proof-of-work challenge. */
    proofOfWork?: boolean;
  }
}

export default fp(
  async (app: FastifyInstance, options: { serverSecret: string }) => {
    const { powDifficulty, redisUrl, redisPrefix } = app.config;
    let used: UsedChallenges = new MemoryUsedChallenges();
    if (powDifficulty !== null && redisUrl !== undefined) {
      const redis = new Redis(redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      });
      redis.on('error', (error) => app.log.warn({ err: error }, 'challenge store unavailable'));
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
      used = new RedisUsedChallenges(redis, redisPrefix, (error) =>
        app.log.warn({ err: error }, 'challenge store unavailable: checking in memory'),
      );
    }
    const pow = new ProofOfWork(powDifficulty, options.serverSecret, used);
    app.decorate('pow', pow);
    if (!pow.enabled) {
      app.log.warn('POW_DIFFICULTY=off: anonymous writes need no proof-of-work');
      return;
    }

    const check: preHandlerAsyncHookHandler = async (request) => {
      if (request.user) return;
      const header = request.headers['x-altcha'];
      const body = request.body as { altcha?: unknown } | undefined;
      const raw = typeof header === 'string' ? header : body?.altcha;
      await pow.verify(typeof raw === 'string' ? raw : undefined);
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.proofOfWork !== true) return;
      const existing = route.preHandler;
      route.preHandler = [
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
        check,
      ];
    });
  },
  { name: 'proof-of-work', dependencies: ['services'] },
);
