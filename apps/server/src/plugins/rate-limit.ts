/**
 * Applies the abuse limits of rate-limits.ts. A route opts in with
 * `config: { rateLimitPolicy: 'question' }`; every rule of that policy is counted, after
 * the body is parsed so the anonymous session (or the login name) in it can be the key. Counters live in
 * Redis when REDIS_URL is set (shared by every instance), in memory otherwise.
 * Over a limit: 429 `{"detail": ...}` with Retry-After.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from '../lib/http-errors.ts';
import { POLICIES, type RateLimitPolicy, type RateLimitRule } from '../rate-limits.ts';
import { viewerOf } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The abuse-limit policy this route counts against. */
    rateLimitPolicy?: RateLimitPolicy;
  }
}

/** The account a login names (as the login call reads it), case-insensitively. */
function accountKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown; email?: unknown } | undefined;
  const name = body?.email ?? body?.username;
  return typeof name === 'string' ? `a${name.trim().toLowerCase()}` : `ip${request.ip}`;
}

const KEYS = {
  ip: (request: FastifyRequest) => request.ip,
  identity: identityKey,
  account: accountKey,
} as const;

function identityKey(request: FastifyRequest): string {
  const body = request.body as { session_id?: unknown } | undefined;
  const viewer = viewerOf(request, body?.session_id);
  if (viewer.user) return `u${viewer.user.id}`;
  if (viewer.sessionHash) return `s${viewer.sessionHash.toString('hex', 0, 16)}`;
  return `ip${request.ip}`;
}

export default fp(
  async (app: FastifyInstance) => {
    const rules = app.config.rateLimits;
    if (rules === null) {
      app.log.warn('RATE_LIMITS=off: abuse limits are disabled');
      return;
    }
    const redis =
      app.config.redisUrl === undefined
        ? undefined
        : new Redis(app.config.redisUrl, {
            connectTimeout: 1000,
            maxRetriesPerRequest: 1,
            enableOfflineQueue: false,
          });
    if (redis) {
      redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unavailable'));
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis } : {}),
      nameSpace: `${app.config.redisPrefix}rl:`,
      // If Redis is down, serve rather than fail every write; the outage is logged.
      skipOnError: true,
    });

    const counter = (name: string, rule: RateLimitRule) =>
      app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowSeconds * 1000,
        keyGenerator: (request) => `${name}:${KEYS[rule.subject](request)}`,
      });

    const hooks = new Map<RateLimitPolicy, preHandlerAsyncHookHandler>();
    for (const [policy, names] of Object.entries(POLICIES) as [
      RateLimitPolicy,
      readonly string[],
    ][]) {
      const counters = names.map((name) => counter(name, rules[name as keyof typeof rules]));
      hooks.set(policy, async (request) => {
        let retryAfter = 0;
        for (const count of counters) {
          const result = await count(request);
          if (!result.isAllowed && result.isExceeded) {
            retryAfter = Math.max(retryAfter, result.ttlInSeconds);
          }
        }
        if (retryAfter > 0) {
          throw new HttpError(
            429,
            { detail: `Request was throttled. Expected available in ${retryAfter} seconds.` },
            { 'Retry-After': String(retryAfter) },
          );
        }
      });
    }

    app.addHook('onRoute', (route) => {
      const policy = route.config?.rateLimitPolicy;
      if (policy === undefined) return;
      const hook = hooks.get(policy);
      if (!hook) return;
      const existing = route.preHandler;
      route.preHandler = [
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
        hook,
      ];
    });
  },
  { name: 'rate-limit', dependencies: ['services'] },
);
