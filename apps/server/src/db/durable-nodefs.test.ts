import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDurablePGlite } from './durable-nodefs.ts';

describe('PGlite on disk with durable commits', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('syncs the WAL to disk before a commit is acknowledged', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'durable-'));
    dirs.push(dir);
    let syncs = 0;
    const db = await createDurablePGlite(dir, () => {
      syncs += 1;
    });
    try {
      expect((await db.query('SHOW fsync')).rows).toEqual([{ fsync: 'on' }]);
      await db.exec('CREATE TABLE t (id serial PRIMARY KEY, x text)');
      const before = syncs;
      for (let i = 0; i < 20; i += 1) {
        await db.query('INSERT INTO t (x) VALUES ($1)', [`row ${i}`]);
      }
      // At least one fsync per commit, each before the commit returned.
      expect(syncs - before).toBeGreaterThanOrEqual(20);
    } finally {
      await db.close();
    }
  }, 90_000);
});
