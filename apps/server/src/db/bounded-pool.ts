/**
 * The pool as Kysely sees it, with every statement bounded on the client side as well.
 *
 * PostgreSQL's statement_timeout cancels a statement that runs too long, but only while
 * the network carries the cancellation and the reply: a statement already sent when the
 * network between the server and the database stalls (no reset, just silence) would wait
 * as long as the TCP connection lives, holding its request and its pooled connection. So
 * each statement also gets a timer of its own (node-postgres' query_timeout), a little
 * longer than the server's limit, so that the server's own cancellation comes first
 * whenever it can.
 *
 * A connection whose statement timed out this way is not usable: its reply may still
 * come, and the next statement would queue behind it. It refuses every later statement at
 * once (a ROLLBACK would only wait again) and is discarded, not returned to the pool, as
 * it is released. PostgreSQL rolls back whatever it had open when the connection goes.
 */

import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { PREPARED_MARK } from './prepared.ts';
import { NOT_QUERYABLE } from './unavailable.ts';

/** node-postgres' message when query_timeout passes. */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/** Whether `error` is a statement that timed out on the client side (no reply in time). */
export function isQueryReadTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === READ_TIMEOUT_MESSAGE;
}

/** Names of the marked statements (db/prepared.ts), by text: few, and fixed. */
const statementNames = new Map<string, string>();

/** The name a marked statement is prepared under; undefined for any other. */
function statementName(text: string): string | undefined {
  if (!text.startsWith(PREPARED_MARK)) return undefined;
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

class BoundedClient implements PostgresPoolClient {
  /** A statement timed out: the connection is discarded on release. */
  private stalled = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly timeoutMs: () => number,
    private readonly named: boolean,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The dialect is made without a cursor class, so Kysely never streams.
    if (typeof sql !== 'string') throw new Error('Streaming queries are not supported.');
    return this.run<R>(sql, parameters ?? []);
  }

  private async run<R>(
    text: string,
    values: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> {
    // Not sent: a statement after a timeout would only queue behind the one still out.
    if (this.stalled) throw new Error(NOT_QUERYABLE[0]);
    const config: pg.QueryConfig & { query_timeout: number } = {
      text,
      values: [...values],
      query_timeout: Math.max(1, Math.ceil(this.timeoutMs())),
    };
    const name = this.named ? statementName(text) : undefined;
    if (name !== undefined) config.name = name;
    try {
      // Kysely reads command, rowCount and rows, which pg's result has.
      return (await this.client.query(config)) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      if (isQueryReadTimeout(error)) this.stalled = true;
      throw error;
    }
  }

  release(): void {
    // An error makes pg-pool end the client (destroying its socket, as a statement is
    // still outstanding) instead of keeping it.
    this.client.release(this.stalled ? new Error(READ_TIMEOUT_MESSAGE) : undefined);
  }
}

/**
 * `pool` for Kysely's PostgresDialect, each statement bounded by `timeoutMs()`, read as it
 * is sent (so that it can depend on the request's deadline). `named`: marked statements
 * are prepared by name (db/prepared.ts), which only a connection that is a session of its
 * own allows; through a transaction pooler, every statement is sent unnamed.
 */
export function boundedPool(pool: pg.Pool, timeoutMs: () => number, named: boolean): PostgresPool {
  // One wrapper per connection, so that Kysely keeps one connection object for each too.
  const wrappers = new WeakMap<pg.PoolClient, BoundedClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let bounded = wrappers.get(client);
      if (bounded === undefined) {
        bounded = new BoundedClient(client, timeoutMs, named);
        wrappers.set(client, bounded);
      }
      return bounded;
    },
    end: () => pool.end(),
  };
}
