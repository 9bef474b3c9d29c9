/**
 * Every API test runs through HTTP (app.inject) against a real database: a fresh
 * in-memory PGlite always, and PostgreSQL too when TEST_DATABASE_URL is set, in a schema
 * of its own that is dropped afterwards, so runs never see each other's data.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import type { FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, type DatabaseTimeouts, openDatabase } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrator.ts';
import type { HostResolver } from '../src/lib/public-addresses.ts';

export type Engine = 'pglite' | 'postgres';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;
export const ENGINES: Engine[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestContext {
  engine: Engine;
  app: App;
  database: DatabaseHandle;
  request(options: RequestOptions): Promise<LightMyRequestResponse>;
}

export interface RequestOptions {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  token?: string;
  session?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** How a test's database is opened: its timeouts, and PostgreSQL's pool size. */
export type DatabaseOptions = DatabaseTimeouts & {
  poolSize?: number;
  /** Replicas to read from (PostgreSQL), given the URL of the test's own database. */
  readUrls?: (ownUrl: string) => string[];
};

/** `url` with a start-up option that sets the search path of its sessions to `schema`. */
export function withSearchPath(url: string, schema: string): string {
  const options = encodeURIComponent(`-c search_path=${schema}`);
  return `${url}${url.includes('?') ? '&' : '?'}options=${options}`;
}

async function openTestDatabase(engine: Engine, options: DatabaseOptions = {}) {
  const { poolSize = 10, readUrls, ...timeouts } = options;
  if (engine === 'pglite') {
    const database = await openDatabase({ engine: 'pglite', dataDir: undefined, ...timeouts });
    return { database, drop: async () => {} };
  }
  const url = POSTGRES_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  // The schema is set on every transaction of the app (`schema`); the start-up option only
  // serves the tests' own queries on `database.pool`, over this direct connection.
  const database = await openDatabase({
    engine: 'postgres',
    url: withSearchPath(url, schema),
    poolSize,
    schema,
    ...(readUrls === undefined ? {} : { readUrls: readUrls(url) }),
    ...timeouts,
  });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

export interface ContextOptions {
  /**
   * Environment variables for loadConfig, over the test defaults (RATE_LIMITS=off,
   * POW_DIFFICULTY=off...).
   */
  env?: Record<string, string>;
  logger?: FastifyServerOptions['logger'];
  /** Share another context's database (two server instances on one database). */
  database?: DatabaseHandle;
  /** Timeouts and pool size of the context's own database. */
  databaseOptions?: DatabaseOptions;
  /** Resolves push endpoints' hosts (the system's resolver when absent). */
  resolveHost?: HostResolver;
  /** Migrate only up to the file before this one (a test of that migration runs it). */
  migrateBefore?: string;
}

export async function createTestContext(
  engine: Engine,
  options: ContextOptions = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const { database, drop } = options.database
    ? { database: options.database, drop: async () => {} }
    : await openTestDatabase(engine, options.databaseOptions);
  if (!options.database) await migrate(database.direct, { stopBefore: options.migrateBefore });
  const config = loadConfig({
    DATA_DIR: '/nonexistent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMITS: 'off',
    // Proof-of-work has its own tests (proof-of-work.test.ts); the others write freely.
    POW_DIFFICULTY: 'off',
    ...options.env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    changes: database.changes,
    reads: database.reads,
    jwtSecret: options.env?.JWT_SECRET ?? randomBytes(32).toString('hex'),
    logger: options.logger ?? false,
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
  });
  await app.ready();
  return {
    engine,
    app,
    database,
    request({ method, url, body, token, session, headers, remoteAddress }) {
      return app.inject({
        method,
        url,
        ...(remoteAddress ? { remoteAddress } : {}),
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(session ? { 'x-session-id': session } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      });
    },
    async close() {
      await app.close();
      if (!options.database) {
        await database.close();
        await drop();
      }
    },
  };
}

/**
 * Runs a suite once per engine, each with its own fresh, migrated database (and `options`,
 * such as a known JWT_SECRET or proof-of-work turned on).
 */
export function describeEachEngine(
  name: string,
  suite: (ctx: TestContext) => void,
  options: ContextOptions = {},
) {
  for (const engine of ENGINES) {
    describe(`${name} [${engine}]`, () => {
      const ctx = { engine } as TestContext;
      let close: () => Promise<void> = async () => {};
      beforeAll(async () => {
        const created = await createTestContext(engine, options);
        Object.assign(ctx, created);
        close = created.close;
      });
      afterAll(() => close());
      suite(ctx);
    });
  }
}

/** A fresh anonymous session id, as a browser tab makes one. */
export const newSession = () => strongSessionId(randomUUID);

let userSeq = 0;
/**
 * Runs `send` while `table` is locked against writes (PostgreSQL, from a connection of its
 * own), until `batches` holds `queued` writes waiting: the batches already sent wait on the
 * lock and the writes that arrive meanwhile gather behind them, as they do under load,
 * however fast or busy this machine is. Choose `queued` so that the writes waiting cannot
 * all be ones a batch keeps apart. PGlite has one connection, which nothing outside the app
 * can hold: there `send` runs as is, and `held` is false.
 */
export async function sendWhileWritesHeld<T>(
  ctx: TestContext,
  hold: { table: string; batches: { readonly queued: number }; queued: number },
  send: () => Promise<T>,
): Promise<{ result: T; held: boolean }> {
  if (ctx.engine === 'pglite') return { result: await send(), held: false };
  const client = await ctx.database.direct.connect();
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await client.query('COMMIT');
  };
  try {
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${hold.table} IN SHARE MODE`);
    const sent = send();
    // Released at last even if fewer gather, so that a wrong count fails an assertion
    // rather than hanging the test.
    const giveUpAt = Date.now() + 10_000;
    while (hold.batches.queued < hold.queued && Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await release();
    return { result: await sent, held: true };
  } finally {
    await release().catch(() => {});
    client.release();
  }
}

export function uniqueName(prefix = 'user') {
  userSeq += 1;
  // Letters, not hex: six random digits in a row (about one name in seventeen) made a tag built
  // from the name look like a phone number to the safety checks, and its post was refused.
  const letters = [...randomBytes(3).toString('hex')]
    .map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16)))
    .join('');
  return `${prefix}${userSeq}_${letters}`;
}
