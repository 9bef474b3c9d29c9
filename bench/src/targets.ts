/**
 * The seeded databases the benchmarks run against. PostgreSQL: a database
 * `<prefix>_<N>` on the server at BENCH_POSTGRES_URL, created, migrated and seeded, and
 * dropped at the end unless kept (a kept one can be taken again as it is). PGlite: a
 * temporary DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, openDatabase, seedDatabase } from '@dating/server/testing';
import pg from 'pg';

export type Engine = 'postgres' | 'pglite';

/** A seeded database, with what the scenarios need to know of it. */
export interface Target {
  engine: Engine;
  /** The server's environment that selects this database. */
  env: Record<string, string>;
  questions: number;
  /** The question with the most answers (the seed's 200-answer thread). */
  bigThreadId: number;
  /** The tag on the most questions. */
  commonTagId: number;
  /** How long seeding took; none when a kept database was taken as it is. */
  seedMilliseconds?: number;
  cleanup(): Promise<void>;
}

export interface PostgresOptions {
  /** The server where databases may be created (its maintenance database). */
  maintenanceUrl: string;
  /** Names the database `<prefix>_<N>`, so that runs side by side do not meet. */
  prefix: string;
  /** A database of its own with a random name, always dropped (the check's). */
  throwaway: boolean;
  /** Take an existing `<prefix>_<N>` as it is. */
  reuse: boolean;
  /** Leave the database for a later --reuse. */
  keep: boolean;
}

async function seed(pool: pg.Pool, engine: Engine, questions: number): Promise<number> {
  const summary = await seedDatabase(pool, { questions, engine });
  console.log(
    `  seeded ${questions.toLocaleString('en')} questions, ${summary.answers.toLocaleString('en')} answers, ` +
      `${(summary.questionLikes + summary.answerLikes).toLocaleString('en')} likes in ${(summary.milliseconds / 1000).toFixed(1)} s`,
  );
  return summary.milliseconds;
}

async function facts(pool: pg.Pool) {
  const one = async (query: string) => (await pool.query<{ id: number }>(query)).rows[0]?.id ?? 1;
  return {
    bigThreadId: await one('SELECT id FROM questions ORDER BY answer_count DESC LIMIT 1'),
    commonTagId: await one(
      'SELECT tag_id AS id FROM question_tags GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
    ),
  };
}

export async function preparePostgres(questions: number, options: PostgresOptions) {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(options.prefix)) {
    throw new Error('--db-prefix: lower-case letters, digits and _ only');
  }
  const name = options.throwaway
    ? `${options.prefix}_check_${randomBytes(4).toString('hex')}`
    : `${options.prefix}_${questions}`;
  const admin = new pg.Client({ connectionString: options.maintenanceUrl });
  await admin.connect();
  const exists =
    (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  const url = new URL(options.maintenanceUrl);
  url.pathname = `/${name}`;
  const reused = exists && options.reuse;
  if (!reused) {
    if (exists) await admin.query(`DROP DATABASE ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const database = await openDatabase({ engine: 'postgres', url: url.href, poolSize: 2 });
  try {
    await migrate(database.pool);
    let seedMilliseconds: number | undefined;
    if (!reused) {
      seedMilliseconds = await seed(database.pool, 'postgres', questions);
      // Write the load out now rather than during the first scenarios.
      await database.pool.query('CHECKPOINT').catch(() => {});
    } else console.log(`  reusing ${name}`);
    const target: Target = {
      engine: 'postgres',
      env: { DATABASE_URL: url.href },
      questions,
      ...(await facts(database.pool)),
      async cleanup() {
        if (options.keep && !options.throwaway) return;
        const client = new pg.Client({ connectionString: options.maintenanceUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
    if (seedMilliseconds !== undefined) target.seedMilliseconds = seedMilliseconds;
    return target;
  } finally {
    await database.close();
  }
}

export async function preparePglite(questions: number): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-pglite-'));
  const database = await openDatabase({ engine: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  try {
    await migrate(database.pool);
    const seedMilliseconds = await seed(database.pool, 'pglite', questions);
    return {
      engine: 'pglite',
      env: { DATA_DIR: dataDir },
      questions,
      ...(await facts(database.pool)),
      seedMilliseconds,
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  } finally {
    await database.close();
  }
}
