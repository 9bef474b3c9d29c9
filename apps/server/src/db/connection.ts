import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** Data access functions take `tx ?? db`, so callers can compose them in one transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { engine: 'postgres'; url: string; poolSize: number; schema?: string }
  /** dataDir undefined: an in-memory database (tests). */
  | { engine: 'pglite'; dataDir: string | undefined };

// Counts and ids come back as JavaScript numbers: bigint (int8) counts never exceed 2^53
// here, and timestamps stay Date objects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * Bounds on waiting for PostgreSQL, so that an outage answers 503 within seconds instead
 * of hanging requests: a connection (or a free slot in the pool) within 5 s, and any one
 * statement within 30 s, cancelled by the server itself, which keeps the connection usable.
 * TCP keepalive notices a peer that vanished without closing the connection.
 */
export const POSTGRES_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 30_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;

/**
 * An idle client whose connection dies (a database restart) emits 'error' after the pool
 * has already dropped it; without a listener the process would crash. Clients whose
 * connection broke mid-query are not queryable and pg-pool discards them on release, so
 * once the database is back, requests get fresh connections.
 */
function guardPool(pool: pg.Pool) {
  pool.on('error', () => {});
}

/**
 * Opens the database. Both engines speak the PostgreSQL protocol through `pg`; the
 * embedded one is PGlite in a worker thread behind a Unix socket, with a pool of one
 * connection because PGlite serves a single session.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize,
      ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
      ...POSTGRES_TIMEOUTS,
    });
    guardPool(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, pool, engine: 'postgres', close: () => db.destroy() };
  }

  const embedded = await startEmbeddedPostgres(target.dataDir);
  const pool = new pg.Pool({
    host: embedded.socketDir,
    port: embedded.port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // PGlite cannot cancel a statement (no statement_timeout), so only the wait for its
    // one connection is bounded, generously: queries queue behind each other here.
    connectionTimeoutMillis: 10_000,
  });
  guardPool(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    engine: 'pglite',
    async close() {
      await db.destroy();
      await embedded.stop();
    },
  };
}
