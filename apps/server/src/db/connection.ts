import { CompiledQuery, type Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { boundedPool } from './bounded-pool.ts';
import { type ChangeFeed, postgresChangeFeed, sessionChangeFeed } from './change-feed.ts';
import { endPoolWithin, trackClients } from './closing.ts';
import { timeLeftMs, withDeadlines } from './deadline.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { parseLsn, ReadReplicas, type ReadReplicasOptions } from './read-replicas.ts';
import { RetryingKysely } from './retrying.ts';
import type { IdempotencyKeyClaim } from './rows.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** Data access functions take `tx ?? db`, so callers can compose them in one transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * What a write takes inside its own transaction, so that it commits with the write or not
 * at all: the request's idempotency key (plugins/idempotency.ts). `R` is what the write
 * hands back to its route.
 */
export interface WriteClaim<R = unknown> {
  /** 409 when a concurrent request with the same key won. */
  claim(tx: Executor): Promise<void>;
  /**
   * Keeps, in the same transaction, the response the request will be answered with, so
   * that a retry whose first response was lost (after the commit) replays it.
   */
  keep(tx: Executor, result: R): Promise<void>;
  /**
   * The same for a write that claims and keeps many keys in a statement each
   * (repositories/idempotency-keys.ts `keyClaims`, `recordIdempotentResponses`): the key's
   * row, `taken()` once such a statement has claimed it, and the response to keep.
   */
  readonly key: IdempotencyKeyClaim;
  taken(): void;
  response(tx: Executor, result: R): Promise<{ id: Buffer; status: number; body: string }>;
}

export interface DatabaseHandle {
  db: Db;
  /** The pool the queries of `db` use (DATABASE_URL: perhaps a transaction pooler). */
  pool: pg.Pool;
  /**
   * Connections that are sessions of their own (DATABASE_LISTEN_URL), made on demand: for
   * migrations, which hold a session advisory lock and session settings across
   * statements. PGlite: `pool`, its one session.
   */
  direct: pg.Pool;
  engine: 'pglite' | 'postgres';
  /**
   * Where reads that may go to a replica go (DATABASE_READ_URL, db/read-replicas.ts);
   * null without replicas (and on PGlite): every read goes to `db`.
   */
  reads: ReadReplicas<Db> | null;
  /** The committed changes the database announces (live events). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

/** Bounds on waiting for the database; DATABASE_TIMEOUT_DEFAULTS when not given. */
export interface DatabaseTimeouts {
  /** statement_timeout of every statement (PostgreSQL; PGlite cannot cancel). */
  statementTimeoutMs?: number;
  /** Longest wait for a connection: a free one in the pool, or a new one. */
  acquireTimeoutMs?: number;
  /**
   * Longest wait for the reply to one statement, on the client side (PostgreSQL; see
   * bounded-pool.ts): a little longer than statementTimeoutMs unless given.
   */
  queryTimeoutMs?: number;
  /** lock_timeout of every statement (PostgreSQL); 0: none. */
  lockTimeoutMs?: number;
}

export type DatabaseTarget = DatabaseTimeouts &
  (
    | {
        engine: 'postgres';
        url: string;
        poolSize: number;
        /** Set on every transaction: the tests' schema of their own. */
        schema?: string;
        /**
         * What `url` reaches (DATABASE_POOL_MODE): 'transaction' (the default) when it may
         * be a pooler in transaction mode, so nothing is left on a session; 'session' when
         * each connection is a session of its own (a direct connection, or a pooler in
         * session mode), set up once as it connects, with hot statements prepared by name.
         */
        poolMode?: PoolMode;
        /** A direct connection, for LISTEN and migrations (DATABASE_LISTEN_URL); default `url`. */
        listenUrl?: string;
        /**
         * Streaming replicas for reads (DATABASE_READ_URL), each opened like `url`: same
         * pool size, pool mode and bounds; each must reach one server.
         */
        readUrls?: readonly string[];
        /** How the replicas are polled (tests). */
        replicaOptions?: ReadReplicasOptions;
      }
    /** dataDir undefined: an in-memory database (tests). */
    | { engine: 'pglite'; dataDir: string | undefined }
  );

export type PoolMode = 'transaction' | 'session';

// Counts and ids come back as JavaScript numbers: bigint (int8) counts never exceed 2^53
// here, and timestamps stay Date objects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * Bounds on waiting for the database, so that an outage or a lock answers 503 within
 * seconds instead of hanging requests and holding the pool: any one statement within 5 s,
 * cancelled by PostgreSQL itself, which keeps the connection usable (a web request needs
 * far less; migrations and seeding lift the limit for their session); and a connection (a
 * free one in the pool, or a new one) within 2 s. PGlite serves one connection, so there
 * every query waits its turn for it: a burst queues there by design, and its wait is
 * bounded at 10 s.
 *
 * On PostgreSQL, also: a statement waiting for a lock (a row another transaction is
 * changing) gives up after 2 s, so that writers queued on one hot row free their
 * connections for everyone else instead of holding the pool for the whole statement
 * timeout; and the reply to any statement is awaited at most 1 s longer than the statement
 * timeout (the client's own timer, bounded-pool.ts), so that a network that stalls cannot
 * hold a request or a connection for longer. Near a request's deadline, that wait is cut
 * to the time left and the same second.
 *
 * Configurable with DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_ACQUIRE_TIMEOUT_MS,
 * DATABASE_QUERY_TIMEOUT_MS and DATABASE_LOCK_TIMEOUT_MS (config.ts, same defaults).
 */
export const DATABASE_TIMEOUT_DEFAULTS = {
  statementTimeoutMs: 5_000,
  acquireTimeoutMs: { postgres: 2_000, pglite: 10_000 },
  /** Added to the statement timeout for the client's own wait for a reply. */
  queryTimeoutMarginMs: 1_000,
  lockTimeoutMs: 2_000,
} as const;

/** TCP keepalive notices a PostgreSQL that vanished without closing the connection. */
const KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

/**
 * A connection that dies emits 'error' on its client, and an 'error' event without a
 * listener kills the process. pg-pool listens only while a client is idle: a client
 * checked out for a query in flight whose connection drops (a network failure, a
 * restarted database) would crash the server. So every client gets a listener of its own
 * as it connects, and the pool one for its idle clients. The query in flight fails with
 * the connection error (answered 503, see unavailable.ts); a broken client is not
 * queryable, so pg-pool discards it on release, and once the database is reachable
 * again, requests get fresh connections.
 */
function guardPool(pool: pg.Pool) {
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return trackClients(pool);
}

/**
 * Closes the database without failing the work in progress: new work is refused from now
 * on (503, DatabaseClosingError), and the pool ends its connections as the queries using
 * them finish. (Kysely's destroy() would instead fail any later query of a request still
 * running with "driver has already been destroyed".) Ending is bounded: over a stalled
 * network, the connections are destroyed instead (closing.ts).
 */
async function closePool(pool: pg.Pool, clients: Set<pg.Client>, gate: { closed: boolean }) {
  if (gate.closed) return;
  gate.closed = true;
  await endPoolWithin(pool, clients);
}

interface QueryPoolSettings {
  poolSize: number;
  schema?: string;
  poolMode?: PoolMode;
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  queryTimeoutMs: number;
}

/** A pool for queries and its Kysely: the primary's (DATABASE_URL), or a replica's. */
interface QueryPool {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * The pool and Kysely of the queries sent to `url`, with the bounds of DatabaseTimeouts and
 * the settings each connection or transaction needs (`poolMode`): the primary and every
 * replica alike, since a replica may sit behind a pooler in transaction mode too.
 */
function openQueryPool(
  url: string,
  settings: QueryPoolSettings,
  base: pg.PoolConfig,
  sessionOptions: string,
): QueryPool {
  const { statementTimeoutMs, lockTimeoutMs, queryTimeoutMs } = settings;
  const perSession: [string, string][] = [['jit', 'off']];
  if (settings.schema) perSession.push(['search_path', pg.escapeIdentifier(settings.schema)]);
  const poolMode = settings.poolMode ?? 'transaction';
  const pool =
    poolMode === 'session'
      ? new pg.Pool({
          ...base,
          connectionString: url,
          options: sessionOptions,
          max: settings.poolSize,
          statement_timeout: statementTimeoutMs,
          // node-postgres leaves the server's default (none) for 0.
          lock_timeout: lockTimeoutMs,
        })
      : // Nothing on the session: a pooler in transaction mode hands each transaction
        // whichever server session is free (and PgBouncer refuses unknown start-up
        // parameters). The settings go with every transaction instead (deadline.ts).
        new pg.Pool({ ...base, connectionString: url, max: settings.poolSize });
  const perTransaction =
    poolMode === 'session'
      ? undefined
      : [
          ...perSession,
          ['statement_timeout', String(statementTimeoutMs)],
          ['lock_timeout', String(lockTimeoutMs)],
        ]
          .map(([name, value]) => `SET LOCAL ${name} = ${value}`)
          .join('; ');
  const clients = guardPool(pool);
  const gate = { closed: false };
  // Near the deadline, PostgreSQL cancels the statement at the deadline (deadline.ts);
  // the client waits the same margin longer for that answer, and no more.
  const replyWithinMs = () =>
    Math.min(queryTimeoutMs, timeLeftMs() + DATABASE_TIMEOUT_DEFAULTS.queryTimeoutMarginMs);
  const bounded = boundedPool(pool, replyWithinMs, poolMode === 'session');
  const dialect = withDeadlines(new PostgresDialect({ pool: bounded }), {
    statementTimeoutMs,
    gate,
    ...(perTransaction === undefined ? {} : { perTransaction }),
  });
  return {
    db: new RetryingKysely<Database>({ dialect }),
    pool,
    close: () => closePool(pool, clients, gate),
  };
}

/**
 * How far the server behind `pool` has replayed the primary's log; a server that is not a
 * standby (a primary named as a replica, as tests do) has everything it wrote. Null when a
 * standby has replayed nothing yet. Sent alone, outside any transaction: a pooler in
 * transaction mode passes it as it is.
 */
async function replayedPosition(pool: pg.Pool, timeoutMs: number): Promise<bigint | null> {
  const result = await pool.query<{ lsn: string | null }>({
    text: 'SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END)::text AS lsn',
    query_timeout: timeoutMs,
  } as pg.QueryConfig);
  return parseLsn(result.rows[0]?.lsn ?? null);
}

/** The primary's current log position: every write committed before this call is at or before it. */
export async function currentPosition(db: Executor): Promise<bigint> {
  const result = await db.executeQuery<{ lsn: string }>(
    CompiledQuery.raw('SELECT pg_current_wal_lsn()::text AS lsn'),
  );
  const lsn = parseLsn(result.rows[0]?.lsn);
  if (lsn === null) throw new Error('pg_current_wal_lsn() gave no position');
  return lsn;
}

/**
 * Opens the database. Both engines speak the PostgreSQL protocol through `pg`; the
 * embedded one is PGlite in a worker thread behind a Unix socket, with a pool of one
 * connection because PGlite serves a single session.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const statementTimeoutMs =
    target.statementTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs;
  const connectionTimeoutMillis =
    target.acquireTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.acquireTimeoutMs[target.engine];
  if (target.engine === 'postgres') {
    const queryTimeoutMs =
      target.queryTimeoutMs ?? statementTimeoutMs + DATABASE_TIMEOUT_DEFAULTS.queryTimeoutMarginMs;
    const lockTimeoutMs = target.lockTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.lockTimeoutMs;
    // No JIT: PostgreSQL compiles a plan whose estimated cost passes jit_above_cost, and
    // the estimate of a batch of writes (its per-row subqueries times its rows) passed it:
    // compiling took 100 of a reply batch's 110 ms. Every statement here is short (the
    // statement timeout says so), so compiling one never pays.
    const sessionOptions = [
      '-c jit=off',
      ...(target.schema ? [`-c search_path=${target.schema}`] : []),
    ].join(' ');
    const base = { connectionTimeoutMillis, ...KEEPALIVE };
    // LISTEN and migrations need a session that stays theirs: a direct connection.
    const direct = {
      ...base,
      connectionString: target.listenUrl ?? target.url,
      options: sessionOptions,
    };
    const queries = { ...target, statementTimeoutMs, lockTimeoutMs, queryTimeoutMs };
    const primary = openQueryPool(target.url, queries, base, sessionOptions);
    const directPool = new pg.Pool({ ...direct, max: 2 });
    const directClients = guardPool(directPool);
    const replicas = (target.readUrls ?? []).map((url) =>
      openQueryPool(url, queries, base, sessionOptions),
    );
    const reads =
      replicas.length === 0
        ? null
        : new ReadReplicas<Db>(
            primary.db,
            replicas.map((replica) => ({
              db: replica.db,
              position: (timeoutMs) => replayedPosition(replica.pool, timeoutMs),
            })),
            target.replicaOptions,
          );
    reads?.start();
    return {
      db: primary.db,
      pool: primary.pool,
      direct: directPool,
      reads,
      engine: 'postgres',
      changes: postgresChangeFeed(direct),
      async close() {
        reads?.stop();
        await Promise.all([primary, ...replicas].map((opened) => opened.close()));
        await endPoolWithin(directPool, directClients);
      },
    };
  }

  const embedded = await startEmbeddedPostgres(target.dataDir);
  const pool = new pg.Pool({
    host: embedded.socketDir,
    port: embedded.port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // Queries queue here for the one connection; the wait is bounded all the same.
    connectionTimeoutMillis,
  });
  const clients = guardPool(pool);
  // Before the pool's first connection, so that every connection is heard.
  const changes = sessionChangeFeed(pool);
  // PGlite cannot cancel a statement (it accepts statement_timeout and ignores it): the
  // request deadline is checked between statements only.
  const gate = { closed: false };
  const dialect = withDeadlines(new PostgresDialect({ pool }), {
    statementTimeoutMs: undefined,
    gate,
  });
  const db = new RetryingKysely<Database>({ dialect });
  return {
    db,
    pool,
    direct: pool,
    reads: null,
    engine: 'pglite',
    changes,
    async close() {
      await closePool(pool, clients, gate);
      await embedded.stop();
    },
  };
}
