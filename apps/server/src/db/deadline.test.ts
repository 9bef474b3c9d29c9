import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './connection.ts';
import { DatabaseClosingError, DeadlineExceededError, runWithDeadline } from './deadline.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;
/** PostgreSQL in both pool modes: settings per transaction (the default), or per session. */
const ENGINES = POSTGRES_URL
  ? (['pglite', 'postgres', 'postgres session'] as const)
  : (['pglite'] as const);
const poolModeOf = (engine: string) => (engine === 'postgres session' ? 'session' : 'transaction');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const after = (ms: number) => ({ at: Date.now() + ms });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

for (const engine of ENGINES) {
  describe(`the request deadline in the database driver [${engine}]`, () => {
    let database: DatabaseHandle;
    let schema: string | undefined;

    beforeAll(async () => {
      if (engine === 'pglite') {
        database = await openDatabase({ engine: 'pglite', dataDir: undefined });
      } else {
        schema = `deadline_${randomBytes(5).toString('hex')}`;
        const admin = new pg.Client({ connectionString: POSTGRES_URL });
        await admin.connect();
        await admin.query(`CREATE SCHEMA ${schema}`);
        await admin.end();
        database = await openDatabase({
          engine: 'postgres',
          url: POSTGRES_URL as string,
          poolSize: 2,
          schema,
          poolMode: poolModeOf(engine),
        });
      }
      await database.direct.query('CREATE TABLE notes (id int PRIMARY KEY)');
    });
    afterAll(async () => {
      await database.close();
      if (schema !== undefined) {
        const admin = new pg.Client({ connectionString: POSTGRES_URL });
        await admin.connect();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      }
    });

    const insert = (id: number) => sql`INSERT INTO notes (id) VALUES (${id})`;
    const exists = async (id: number) =>
      (await database.direct.query('SELECT 1 FROM notes WHERE id = $1', [id])).rowCount === 1;

    it('commits a transaction that ends before its deadline', async () => {
      await runWithDeadline(after(10_000), () =>
        database.db.transaction().execute((tx) => insert(1).execute(tx)),
      );
      expect(await exists(1)).toBe(true);
    });

    it('rolls back a transaction that would commit after its deadline', async () => {
      const error = await rejection(
        runWithDeadline(after(300), () =>
          database.db.transaction().execute(async (tx) => {
            await insert(2).execute(tx);
            await sleep(500);
          }),
        ),
      );
      expect(error).toBeInstanceOf(DeadlineExceededError);
      expect(await exists(2)).toBe(false);
      // The connection went back to the pool usable, with no transaction left open.
      await insert(3).execute(database.db);
      expect(await exists(3)).toBe(true);
    });

    it('starts no statement once the deadline has passed', async () => {
      const deadline = after(10_000);
      const error = await rejection(
        runWithDeadline(deadline, async () => {
          await sql`SELECT 1`.execute(database.db);
          deadline.at = 0;
          await insert(4).execute(database.db);
        }),
      );
      expect(error).toBeInstanceOf(DeadlineExceededError);
      expect(await exists(4)).toBe(false);
    });

    it('leaves work outside a request alone', async () => {
      await sql`SELECT 1`.execute(database.db);
      const inside = runWithDeadline(after(0), () => Promise.resolve('no database work'));
      expect(await inside).toBe('no database work');
    });

    // PGlite accepts statement_timeout and ignores it: there, only the checks between
    // statements apply (above).
    if (engine !== 'pglite') {
      it('has PostgreSQL cancel a statement still running at the deadline', async () => {
        // Within the statement timeout (5 s) of its deadline, a statement runs under a
        // statement_timeout cut to the time left, transaction or not.
        const alone = await rejection(
          runWithDeadline(after(300), () => sql`SELECT pg_sleep(3)`.execute(database.db)),
        );
        expect((alone as { code?: string }).code).toBe('57014');
        const inTransaction = await rejection(
          runWithDeadline(after(300), () =>
            database.db.transaction().execute(async (tx) => {
              await insert(5).execute(tx);
              await sql`SELECT pg_sleep(3)`.execute(tx);
            }),
          ),
        );
        expect((inTransaction as { code?: string }).code).toBe('57014');
        expect(await exists(5)).toBe(false);
        // The usual statement timeout is back for the next user of the connection.
        const show = () => sql<{ statement_timeout: string }>`SHOW statement_timeout`;
        const shown = await Promise.all([show().execute(database.db), show().execute(database.db)]);
        expect(shown.map((r) => r.rows[0])).toEqual([
          { statement_timeout: '5s' },
          { statement_timeout: '5s' },
        ]);
      });
    }

    it('refuses new work once closing, and lets the work in progress finish first', async () => {
      const own =
        engine === 'pglite'
          ? await openDatabase({ engine: 'pglite', dataDir: undefined })
          : await openDatabase({
              engine: 'postgres',
              url: POSTGRES_URL as string,
              poolSize: 2,
              schema,
              poolMode: poolModeOf(engine),
            });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let step = 0;
      const inProgress = own.db.transaction().execute(async (tx) => {
        await sql`SELECT 1`.execute(tx);
        step = 1;
        await held;
        await sql`SELECT 2`.execute(tx);
        step = 2;
      });
      while (step === 0) await sleep(5);
      const closed = own.close();
      expect(await rejection(sql`SELECT 1`.execute(own.db))).toBeInstanceOf(DatabaseClosingError);
      release();
      // The transaction's next statement and its commit still went through.
      await inProgress;
      expect(step).toBe(2);
      await closed;
    });
  });
}
