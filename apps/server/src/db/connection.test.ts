import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './connection.ts';

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
