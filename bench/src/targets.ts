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
  /** A question with 10,000 answers (`addHugeThread`): a long thread read in pages. */
  hugeThreadId: number;
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

/** The answers of the huge thread. */
export const HUGE_THREAD_ANSWERS = 10_000;
const HUGE_THREAD_TOP_LEVEL = 7_000;

/**
 * Gives the oldest question 10,000 more answers (7,000 at the top level, 3,000 replies to
 * them), about 250 characters each, unless a question has that many already (a kept
 * database). The oldest: far down every feed, so the other scenarios read what they did.
 */
async function addHugeThread(pool: pg.Pool): Promise<void> {
  const found = await pool.query('SELECT 1 FROM questions WHERE answer_count >= $1 LIMIT 1', [
    HUGE_THREAD_ANSWERS,
  ]);
  if (found.rows.length > 0) return;
  const started = Date.now();
  const id = (await pool.query<{ id: number }>('SELECT min(id) AS id FROM questions')).rows[0]?.id;
  const text = "Say what you feel and listen to what they answer; it's fine to take your time. ";
  await pool.query(
    `INSERT INTO answers (question_id, text, gender, age_range)
     SELECT $1, 'Reply ' || i || '. ' || repeat($2, 3), (ARRAY['W','M','NB','U'])[1 + i % 4], 'U'
     FROM generate_series(1, $3::int) AS i`,
    [id, text, HUGE_THREAD_TOP_LEVEL],
  );
  await pool.query(
    `INSERT INTO answers (question_id, parent_id, text)
     SELECT $1, (SELECT min(id) FROM answers WHERE question_id = $1 AND parent_id IS NULL)
       + (i * 7) % $3::int, 'Reply to a reply ' || i || '. ' || repeat($2, 3)
     FROM generate_series(1, $4::int) AS i`,
    [id, text, HUGE_THREAD_TOP_LEVEL, HUGE_THREAD_ANSWERS - HUGE_THREAD_TOP_LEVEL],
  );
  await pool.query(
    `UPDATE questions SET answer_count = (SELECT count(*) FROM answers WHERE question_id = $1)
     WHERE id = $1`,
    [id],
  );
  console.log(
    `  added a ${HUGE_THREAD_ANSWERS.toLocaleString('en')}-answer thread in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Pending reports per question: 10,000 at 100,000 questions, the report list's load. */
const PENDING_REPORTS_PER_QUESTION = 0.1;

/**
 * Brings the pending reports up to one for every ten questions (the seed writes about one
 * for every hundred), half on questions and half on replies spread over the site, each
 * from an anonymous reporter: the admin report list's benchmark reads its first page with
 * that many waiting.
 */
async function addPendingReports(pool: pg.Pool, questions: number): Promise<void> {
  const wanted = Math.round(questions * PENDING_REPORTS_PER_QUESTION);
  const pending = Number(
    (await pool.query<{ n: string }>("SELECT count(*) AS n FROM reports WHERE status = 'pending'"))
      .rows[0]?.n ?? 0,
  );
  if (pending >= wanted) return;
  const started = Date.now();
  const reasons = "(ARRAY['inappropriate','offensive','harassment','spam','other'])[1 + i % 5]";
  const keyMac = "sha256(int4send(i) || decode(md5(random()::text), 'hex'))";
  const half = Math.ceil((wanted - pending) / 2);
  await pool.query(
    `INSERT INTO reports (target_type, question_id, reason, key_mac, status)
     SELECT 'question', 1 + (i::bigint * 7919) % (SELECT max(id) FROM questions), ${reasons}, ${keyMac}, 'pending'
     FROM generate_series(1, $1::int) AS i`,
    [half],
  );
  await pool.query(
    `INSERT INTO reports (target_type, answer_id, reason, details, key_mac, status)
     SELECT 'answer', a.id, ${reasons}, 'This reply is rude.', ${keyMac}, 'pending'
     FROM generate_series(1, $1::int) AS i
     JOIN answers a ON a.id = 1 + (i::bigint * 104729) % (SELECT max(id) FROM answers)
     WHERE NOT a.is_deleted`,
    [wanted - pending - half],
  );
  console.log(
    `  added pending reports up to ${wanted.toLocaleString('en')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function facts(pool: pg.Pool, questions: number) {
  await addHugeThread(pool);
  await addPendingReports(pool, questions);
  const one = async (query: string) => (await pool.query<{ id: number }>(query)).rows[0]?.id ?? 1;
  return {
    bigThreadId: await one(
      `SELECT id FROM questions WHERE answer_count < ${HUGE_THREAD_ANSWERS}
       ORDER BY answer_count DESC LIMIT 1`,
    ),
    hugeThreadId: await one(
      `SELECT id FROM questions WHERE answer_count >= ${HUGE_THREAD_ANSWERS} ORDER BY id LIMIT 1`,
    ),
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
      // A direct connection: the mode for one, with the hot statements prepared by name
      // (docs/architecture.md, "Behind a connection pooler").
      env: { DATABASE_URL: url.href, DATABASE_POOL_MODE: 'session' },
      questions,
      ...(await facts(database.pool, questions)),
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
      ...(await facts(database.pool, questions)),
      seedMilliseconds,
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  } finally {
    await database.close();
  }
}
