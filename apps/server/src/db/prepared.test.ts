/**
 * A statement marked PREPARED is prepared once per connection and run by name after that
 * when each connection is a session of its own (DATABASE_POOL_MODE=session); any other is
 * sent unnamed, and so is every statement in the default mode, which a transaction pooler
 * allows. Both engines run it right (PGlite gets the same protocol through its socket);
 * PostgreSQL lists what each session has prepared.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './connection.ts';
import { PREPARED } from './prepared.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

const engines: [string, () => Promise<DatabaseHandle>][] = [
  ['PGlite', () => openDatabase({ engine: 'pglite', dataDir: undefined })],
];
if (POSTGRES_URL) {
  engines.push([
    'PostgreSQL',
    () => openDatabase({ engine: 'postgres', url: POSTGRES_URL, poolSize: 2, poolMode: 'session' }),
  ]);
}

describe.each(engines)('statements marked PREPARED (%s)', (engine, open) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it('are prepared once on a connection and run again by name, with new parameters', async () => {
    const seen = await database.db.connection().execute(async (db) => {
      const doubled: number[] = [];
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ n: number }>`${PREPARED}SELECT ${n}::int * 2 AS n`.execute(db);
        doubled.push(rows[0]?.n ?? 0);
      }
      await sql`SELECT ${4}::int * 2 AS n`.execute(db);
      const prepared = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements ORDER BY prepare_time`.execute(db);
      return { doubled, statements: prepared.rows.map((row) => row.statement) };
    });
    expect(seen.doubled).toEqual([2, 4, 6]);
    if (engine === 'PGlite') return;
    // One statement for the three runs; the unmarked one was not kept.
    expect(seen.statements.filter((text) => text.includes('* 2 AS n'))).toEqual([
      '/* prepared */ SELECT $1::int * 2 AS n',
    ]);
  });
});

describe.runIf(POSTGRES_URL)('statements marked PREPARED, through a transaction pooler', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ engine: 'postgres', url: POSTGRES_URL as string, poolSize: 2 });
  });
  afterAll(() => database.close());

  it('are sent unnamed, so that no server session keeps one for another client', async () => {
    const seen = await database.db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ n: number }>`${PREPARED}SELECT ${21}::int * 2 AS n`.execute(tx);
      const prepared = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements`.execute(tx);
      return { n: rows[0]?.n, statements: prepared.rows.map((row) => row.statement) };
    });
    expect(seen).toEqual({ n: 42, statements: [] });
  });
});
