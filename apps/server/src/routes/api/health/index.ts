/**
 * Health checks for load balancers and orchestrators: liveness (the process serves) and
 * readiness (its database answers). Public, cheap, and never cached.
 */
import { API_MSG, ErrorDetail, HealthLive, HealthReady } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { Db } from '../../../db/connection.ts';
import { UNAVAILABLE_RETRY_AFTER } from '../../../plugins/errors.ts';

/** How long readiness waits for `SELECT 1` before calling the database unavailable. */
export const READY_TIMEOUT_MS = 2_000;

/** True when the database answers `SELECT 1` within `timeoutMs`; never throws. */
export async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`SELECT 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Unless the shared rule already made it `private, no-store` (plugins/private-responses.ts).
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process serves',
        response: { 200: HealthLive },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready/',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database answers within 2 s, else 503',
        response: { 200: HealthReady, 503: ErrorDetail },
      },
    },
    async (_request, reply) => {
      if (await databaseAnswers(app.db, READY_TIMEOUT_MS)) {
        return { status: 'ok' as const, database: 'ok' as const };
      }
      return reply
        .code(503)
        .header('Retry-After', UNAVAILABLE_RETRY_AFTER)
        .send({ detail: API_MSG.databaseUnavailable });
    },
  );
};

export default routes;
