import { mkdtemp, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './connection.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

describe('the embedded database connection', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ engine: 'pglite', dataDir: undefined });
  });
  afterAll(() => database.close());

  it('serves the next query when the pool has just replaced its connection', async () => {
    // pool.query releases its client with the error, so the pool closes that connection
    // and opens a new one at once, while the old one is still being torn down.
    for (let i = 0; i < 5; i += 1) {
      await expect(database.pool.query("SELECT 'x'::integer")).rejects.toMatchObject({
        code: '22P02',
      });
      await expect(database.pool.query('SELECT 1 AS one')).resolves.toMatchObject({
        rows: [{ one: 1 }],
      });
    }
  });
});

describe('the embedded database on disk', () => {
  it('acknowledges a commit only once its WAL is synced to disk', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pglite-disk-'));
    const database = await openDatabase({ engine: 'pglite', dataDir: dir });
    try {
      const { rows } = await database.pool.query('SHOW fsync');
      expect(rows).toEqual([{ fsync: 'on' }]);
      const method = await database.pool.query('SHOW wal_sync_method');
      expect(method.rows).toEqual([{ wal_sync_method: 'fsync' }]);
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const ENGINES = POSTGRES_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

for (const engine of ENGINES) {
  describe(`a connection that dies under a query in flight [${engine}]`, () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database =
        engine === 'pglite'
          ? await openDatabase({ engine: 'pglite', dataDir: undefined })
          : await openDatabase({ engine: 'postgres', url: POSTGRES_URL as string, poolSize: 2 });
    });
    afterAll(() => database.close());

    it('fails that query as an outage, keeps the process alive, and the next query works', async () => {
      await sql`SELECT 1`.execute(database.db);
      // The socket of the client checked out for the next query: pg keeps it on its
      // connection, which its public types do not describe.
      let socket: Socket | undefined;
      const grab = (client: pg.PoolClient) => {
        socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
      };
      database.pool.once('acquire', grab);
      const inFlight = sql`SELECT pg_sleep(0.3)`.execute(database.db);
      while (socket === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
      socket.destroy();
      const error = await inFlight.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
      expect(rows).toEqual([{ one: 1 }]);
    });
  });
}
