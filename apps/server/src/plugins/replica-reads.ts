/**
 * Reads on replicas, one's own writes always seen (db/read-replicas.ts picks the server).
 *
 * After a write (a request other than GET, HEAD or OPTIONS answered 2xx), the response
 * carries `Read-After: <position>`: the primary's log position once the write committed.
 * The web app keeps the highest position it has seen (per tab) and sends it back as the
 * `Read-After` request header on every call; a read carrying it is served by a replica
 * only once that replica has replayed that far, else by the primary. The writer (account,
 * or anonymous key) is also recorded for a few seconds (lib/recent-writers.ts), so that
 * its reads that carry no position are held to the same rule.
 *
 * Only the reads a route hands to `app.replicaReads.read` may go to a replica: strangers'
 * reads of public content (the feed, search, tags, a question with its thread, its thread
 * pages, and the first screens drawn from them). Everything personal, every write and
 * whatever a write reads stays on the primary (`app.db`).
 *
 * Without DATABASE_READ_URL, none of this costs anything: no header, no record, no query.
 */
import { sessionIdProblem } from '@dating/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currentPosition, type Db, type Executor } from '../db/connection.ts';
import { formatLsn, LSN_MAX, parseLsn, type ReadReplicas } from '../db/read-replicas.ts';
import { RecentWriters, type WriterIdentity } from '../lib/recent-writers.ts';

/** The header, request and response alike. */
export const READ_AFTER = 'Read-After';

/** Methods that write nothing. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ReplicaReadsOptions {
  /** The replicas; null without DATABASE_READ_URL. */
  reads: ReadReplicas<Db> | null;
  serverSecret: string;
}

export interface ReplicaReadRouter {
  /**
   * Runs `read` on the server a read of `request` may use: a replica that has replayed what
   * the request's reader wrote last, else the primary. Every statement of `read` must go to
   * the executor it is given.
   */
  read<T>(request: FastifyRequest, read: (db: Executor) => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    replicaReads: ReplicaReadRouter;
  }
}

/** The identity a request speaks for, as the auth plugin and the routes read it, or null. */
function identityOf(request: FastifyRequest): WriterIdentity | null {
  if (request.user) return { account: request.user.id };
  const body = request.body;
  const fromBody =
    typeof body === 'object' && body !== null && 'session_id' in body ? body.session_id : undefined;
  const key = fromBody ?? request.headers['x-session-id'];
  return typeof key === 'string' && sessionIdProblem(key) === null ? { key } : null;
}

export default fp(
  async (app: FastifyInstance, options: ReplicaReadsOptions) => {
    const { reads } = options;
    if (reads === null) {
      app.decorate('replicaReads', { read: (_request, read) => read(app.db) });
      return;
    }
    const writers = new RecentWriters(
      options.serverSecret,
      app.redis,
      `${app.config.redisPrefix}wrote:`,
    );

    /** The position a read of `request` must see: null for none. */
    async function needOf(request: FastifyRequest): Promise<bigint | null> {
      const header = request.headers['read-after'];
      // Strictly a position: anything else (a list, a malformed value) is ignored.
      const carried = parseLsn(header);
      const identity = identityOf(request);
      if (identity === null) return carried;
      const last = await writers.lastWrite(identity);
      // The record could not be read (Redis down): nothing says a replica is safe.
      if (last === 'unknown') return LSN_MAX;
      if (last === null) return carried;
      return carried === null || last > carried ? last : carried;
    }

    app.decorate('replicaReads', {
      async read(request, read) {
        return reads.read(await needOf(request), read);
      },
    } satisfies ReplicaReadRouter);

    app.addHook('onSend', async (request, reply, payload) => {
      if (READING_METHODS.has(request.method)) return payload;
      if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      const identity = identityOf(request);
      let lsn: bigint;
      try {
        // Read after the write committed: the write is at or before this position.
        lsn = await currentPosition(app.db);
      } catch (error) {
        // The write went through; only its position is unknown. Its writer then reads
        // from the primary for a while, and the response goes without the header.
        request.log.warn({ err: error }, 'no log position after a write');
        if (identity !== null) await writers.wrote(identity, LSN_MAX).catch(() => {});
        return payload;
      }
      reply.header(READ_AFTER, formatLsn(lsn));
      if (identity !== null) {
        await writers.wrote(identity, lsn).catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not record a recent write');
        });
      }
      return payload;
    });
  },
  { name: 'replica-reads', dependencies: ['services'] },
);
