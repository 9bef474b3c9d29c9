/**
 * A real deadlock: two transactions on two connections each lock one row, then wait for
 * the other's. PostgreSQL aborts one of them (40P01) after deadlock_timeout; the server
 * runs that one again, once the other has committed, and both go through.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './connection.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

describe.runIf(POSTGRES_URL)('a deadlock between two transactions [postgres]', () => {
  const schema = `deadlock_${randomBytes(5).toString('hex')}`;
  let database: DatabaseHandle;
  const admin = () => new pg.Client({ connectionString: POSTGRES_URL });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`CREATE TABLE ${schema}.rows (id int PRIMARY KEY, n int NOT NULL)`);
    await client.query(`INSERT INTO ${schema}.rows VALUES (1, 0), (2, 0)`);
    await client.end();
    database = await openDatabase({
      engine: 'postgres',
      url: POSTGRES_URL as string,
      poolSize: 2,
      schema,
    });
  });
  afterAll(async () => {
    await database.close();
    const client = admin();
    await client.connect();
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  });

  it('is met by one of them, which runs again and goes through', async () => {
    let runs = 0;
    let bothLocked: () => void = () => {};
    const locked = new Promise<void>((resolve) => {
      let count = 0;
      bothLocked = () => {
        count += 1;
        if (count === 2) resolve();
      };
    });
    const bump = (first: number, second: number) =>
      database.db.transaction().execute(async (tx) => {
        runs += 1;
        await sql`UPDATE rows SET n = n + 1 WHERE id = ${first}`.execute(tx);
        // Only the first runs wait for each other; a run again goes straight on.
        if (runs <= 2) {
          bothLocked();
          await locked;
        }
        await sql`UPDATE rows SET n = n + 1 WHERE id = ${second}`.execute(tx);
      });
    await Promise.all([bump(1, 2), bump(2, 1)]);
    expect(runs).toBe(3);
    const { rows } = await sql<{
      id: number;
      n: number;
    }>`SELECT id, n FROM rows ORDER BY id`.execute(database.db);
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});
