import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';
import { convertStoredActivity } from '../lib/activity-macs.ts';

const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);
/** An arbitrary constant: the advisory lock every instance takes before migrating. */
const MIGRATION_LOCK_ID = 727_011_001;

export interface MigrationResult {
  applied: string[];
}

export interface MigrateOptions {
  /** The server secret, for the steps that rewrite stored values with it. */
  serverSecret?: string;
  /** Apply only the files named before this one (tests of a migration's own step). */
  stopBefore?: string;
}

/** Work that SQL cannot do, run right after its file and in its transaction. */
const STEPS: Record<string, (client: pg.PoolClient, serverSecret?: string) => Promise<void>> = {
  '0015_unlinkable_activity.sql': convertStoredActivity,
};

/**
 * Applies pending versioned SQL migrations in file-name order, each in its own
 * transaction, under a session advisory lock so that several instances starting at once
 * cannot race: the second waits, then finds nothing left to do.
 */
export async function migrate(
  pool: pg.Pool,
  options: MigrateOptions = {},
): Promise<MigrationResult> {
  const { stopBefore } = options;
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((f) => f.endsWith('.sql') && (stopBefore === undefined || f < stopBefore))
    .sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // Waiting for another instance's migration, or building an index on a large table,
    // may take longer than the pool's statement_timeout and lock_timeout allow a request
    // (the advisory lock is a lock too).
    await client.query('SET statement_timeout = 0');
    await client.query('SET lock_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await STEPS[file]?.(client, options.serverSecret);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      }
      applied.push(file);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.query('RESET statement_timeout').catch(() => {});
    await client.query('RESET lock_timeout').catch(() => {});
    client.release();
  }
  return { applied };
}
