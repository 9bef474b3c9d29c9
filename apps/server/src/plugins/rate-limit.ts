/**
 * Applies the abuse limits of rate-limits.ts. A route opts in with
 * `config: { rateLimitPolicy: 'question' }`; every rule of that policy is counted, after
 * the body is parsed so the anonymous session in it can be the key. Two budgets are
 * counted by the routes through `app.limits`, because only they know what to count:
 * failed logins (per account or per known device) and refused ownership checks (per IP
 * and per target). Counters live in Redis when REDIS_URL is set and Redis answers, in
 * this process's memory otherwise (lib/counters.ts). Every counter is named by a keyed hash
 * of its subject, never by the subject itself nor a plain hash of it (lib/keyed-hashes.ts):
 * no address, user id or key hash, nothing the database also holds. Over a limit: 429
 * `{"detail": ...}` with Retry-After.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Counters } from '../lib/counters.ts';
import { detailError, HttpError, message } from '../lib/http-errors.ts';
import { CounterNames } from '../lib/keyed-hashes.ts';
import {
  DEFAULT_RULES,
  GUESS_RULES,
  LOGIN_RULES,
  POLICIES,
  type RateLimitPolicy,
  type RateLimitRules,
  type RuleName,
} from '../rate-limits.ts';
import { viewerOf } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The abuse-limit policy this route counts against. */
    rateLimitPolicy?: RateLimitPolicy;
  }
  interface FastifyInstance {
    limits: Limits;
  }
}

export interface LoginAttempt {
  /** The password was right: the attempt does not count against the budget. */
  succeeded(): Promise<void>;
}

/**
 * Whose failed logins a budget counts: an account's from unknown devices (`u<id>`, or `n<name>`
 * for a name that names none), or one device's (its cookie's id). Counted under a keyed hash.
 */
export type LoginBudget = { account: string } | { device: string };

export interface Limits {
  /**
   * Runs owner-only work (an edit or a delete). When the work refuses the caller with 403
   * (not the owner), the refusal counts per IP and per target; once either budget is
   * spent, the answer is 429 instead. The owner is never refused, so never counted.
   */
  ownerOnly<T>(request: FastifyRequest, target: string, work: () => Promise<T>): Promise<T>;
  /** Counts a login attempt against a budget, 429 when it is spent, before the password is checked. */
  loginAttempt(request: FastifyRequest, budget: LoginBudget): Promise<LoginAttempt>;
}

/** Who a request is, as a counter's subject (hashed with a key before it is counted). */
function identityOf(request: FastifyRequest): string {
  const body = request.body as { session_id?: unknown } | undefined;
  const viewer = viewerOf(request, body?.session_id);
  if (viewer.user) return `u${viewer.user.id}`;
  if (viewer.sessionHash) return `s${viewer.sessionHash.toString('hex')}`;
  return `ip${request.ip}`;
}

function throttled(retryAfterSeconds: number): HttpError {
  return detailError(429, message('throttled', { seconds: String(retryAfterSeconds) }), {
    'Retry-After': String(retryAfterSeconds),
  });
}

const UNLIMITED: Limits = {
  ownerOnly: (_request, _target, work) => work(),
  loginAttempt: async () => ({ succeeded: async () => {} }),
};

export default fp(
  async (app: FastifyInstance, options: { serverSecret: string }) => {
    const rules: RateLimitRules | null = app.config.rateLimits;
    if (rules === null) {
      app.log.warn('RATE_LIMITS=off: abuse limits are disabled');
      app.decorate('limits', UNLIMITED);
      return;
    }
    const counters = new Counters(app.redis, `${app.config.redisPrefix}rl:`);
    const names = new CounterNames(options.serverSecret);
    /** The counter of a rule for one subject (an address, `u12`, a target...). */
    const counterOf = (name: RuleName, subject: string) =>
      names.of(name, DEFAULT_RULES[name].subject, subject);

    /** Counts one hit on each rule for its subject; the longest wait when any is over, else 0. */
    async function count(hits: [RuleName, string][]): Promise<number> {
      const results = await Promise.all(
        hits.map(async ([name, subject]) => {
          const rule = rules?.[name];
          if (!rule) return 0;
          const { count, ttlMs } = await counters.hit(
            counterOf(name, subject),
            rule.windowSeconds * 1000,
          );
          return count > rule.max ? Math.max(1, Math.ceil(ttlMs / 1000)) : 0;
        }),
      );
      return Math.max(0, ...results);
    }

    app.decorate('limits', {
      async ownerOnly(request, target, work) {
        try {
          return await work();
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 403) throw error;
          const wait = await count([
            [GUESS_RULES[0], request.ip],
            [GUESS_RULES[1], target],
          ]);
          throw wait > 0 ? throttled(wait) : error;
        }
      },
      async loginAttempt(_request, budget) {
        const [name, subject] =
          'account' in budget
            ? [LOGIN_RULES.account, budget.account]
            : [LOGIN_RULES.device, budget.device];
        const wait = await count([[name, subject]]);
        if (wait > 0) throw throttled(wait);
        return { succeeded: () => counters.undo(counterOf(name, subject)) };
      },
    } satisfies Limits);

    const subjectKey = {
      ip: (request: FastifyRequest) => request.ip,
      identity: identityOf,
    } as const;
    const hooks = new Map<RateLimitPolicy, preHandlerAsyncHookHandler>();
    for (const [policy, names] of Object.entries(POLICIES) as [
      RateLimitPolicy,
      readonly RuleName[],
    ][]) {
      const counted = names.map((name) => {
        const subject = rules[name].subject;
        if (subject !== 'ip' && subject !== 'identity') {
          throw new Error(`Policy ${policy}: rule ${name} is counted by its route, not up front.`);
        }
        return [name, subjectKey[subject]] as const;
      });
      hooks.set(policy, async (request) => {
        const wait = await count(counted.map(([name, key]) => [name, key(request)]));
        if (wait > 0) throw throttled(wait);
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
