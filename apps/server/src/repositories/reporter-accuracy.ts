/** Reporters' accuracy (lib/reporter-accuracy.ts, migration 0024): counts per subject. */
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import type { Accuracy } from '../lib/reporter-accuracy.ts';
import type { ReportTarget } from './reports.ts';

/** The people's pending reports on a post, as auto-hide weighs them. */
export function pendingReportsToWeigh(db: Executor, target: ReportTarget) {
  return db
    .selectFrom('reports')
    .select(['id', 'reason', 'reporter_net', 'reporter_seal'])
    .where(target.type === 'question' ? 'question_id' : 'answer_id', '=', target.id)
    .where('status', '=', 'pending')
    .where('source', '=', 'reporter')
    .execute();
}

/** The counts of the subjects that have any, by the subject's hex. */
export async function accuracyOf(db: Executor, subjects: readonly Buffer[]) {
  const counts = new Map<string, Accuracy>();
  if (subjects.length === 0) return counts;
  const rows = await db
    .selectFrom('reporter_accuracy')
    .select(['subject', 'approved', 'rejected'])
    .where('subject', 'in', subjects)
    .execute();
  for (const row of rows) counts.set(row.subject.toString('hex'), row);
  return counts;
}

/**
 * Takes the seals of reviewed reports off them (at most `limit`, skipping those another
 * transaction holds), with each one's outcome: what the counts are to take.
 */
export async function takeReviewedSeals(db: Executor, limit: number) {
  const { rows } = await sql<{ reporter_seal: Buffer; status: string }>`
    WITH s AS (
      SELECT id, reporter_seal, status FROM reports
      WHERE reporter_seal IS NOT NULL AND status <> 'pending'
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    UPDATE reports r SET reporter_seal = NULL FROM s WHERE r.id = s.id
    RETURNING s.reporter_seal, s.status`.execute(db);
  return rows;
}

/**
 * Adds to the counts in one statement, its rows in the subjects' order, so that two writers
 * take the rows' locks in one order and never deadlock.
 */
export async function addToAccuracy(db: Executor, counts: Map<string, Accuracy>) {
  if (counts.size === 0) return;
  const rows = [...counts.keys()].sort().map((hex) => {
    const add = counts.get(hex) as Accuracy;
    return { subject: Buffer.from(hex, 'hex'), approved: add.approved, rejected: add.rejected };
  });
  await db
    .insertInto('reporter_accuracy')
    .values(rows)
    .onConflict((oc) =>
      oc.column('subject').doUpdateSet({
        approved: sql`reporter_accuracy.approved + excluded.approved`,
        rejected: sql`reporter_accuracy.rejected + excluded.rejected`,
      }),
    )
    .execute();
}
