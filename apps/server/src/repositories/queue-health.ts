/** The queue's health at a glance: how long the oldest pending report has waited, and how fast reports are reviewed. */
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';

export interface QueueHealth {
  /** Seconds the oldest pending report has waited; null when none is pending. */
  oldest_pending_age_seconds: number | null;
  /** The median seconds from report to review, over reports reviewed in the last 7 days. */
  median_review_seconds_7d: number | null;
}

export async function queueHealth(db: Executor): Promise<QueueHealth> {
  // The oldest pending report is the one with the lowest id (reports_pending_idx); the
  // reviews of the week come from reports_reviewed_idx (migration 0023).
  const { rows } = await sql<{ oldest: string | null; median: string | null }>`
    SELECT
      (SELECT floor(extract(epoch FROM now() - created_at))
         FROM reports WHERE status = 'pending' ORDER BY id LIMIT 1) AS oldest,
      (SELECT round(percentile_cont(0.5) WITHIN GROUP (
                ORDER BY extract(epoch FROM reviewed_at - created_at)))
         FROM reports WHERE reviewed_at >= now() - interval '7 days') AS median`.execute(db);
  const row = rows[0];
  const seconds = (value: string | null | undefined) =>
    value === null || value === undefined ? null : Math.max(0, Number(value));
  return {
    oldest_pending_age_seconds: seconds(row?.oldest),
    median_review_seconds_7d: seconds(row?.median),
  };
}
