import type {
  ContentSnapshot,
  ModerationAction,
  ModerationLogEntry,
  StaffRole,
} from '@dating/contract';
import type { ErasureLogCounts } from '../db/schema.ts';

export interface LogRow {
  id: number;
  action: ModerationAction;
  admin_id: number | null;
  admin_username: string | null;
  target_type: 'question' | 'answer' | 'account' | 'key';
  target_id: number | null;
  question_id: number | null;
  report_id: number | null;
  note: string | null;
  snapshot: ContentSnapshot | null;
  counts: ErasureLogCounts | null;
  actor_role: StaffRole | null;
  days: number | null;
  created_at: Date;
}

/**
 * A log entry as staff see it: the admin or moderator who acted is named, with the role
 * they acted in (staff act in the open); a
 * reporter never is, and a snapshot never says who wrote the content.
 */
export function presentLogEntry(row: LogRow): ModerationLogEntry {
  return {
    id: row.id,
    action: row.action,
    admin:
      row.admin_id !== null && row.admin_username !== null
        ? { id: row.admin_id, username: row.admin_username }
        : null,
    role: row.actor_role,
    days: row.days,
    created_at: row.created_at.toISOString(),
    target_type: row.target_type,
    target_id: row.target_id,
    question: row.question_id,
    report: row.report_id,
    note: row.note,
    snapshot: row.snapshot,
    counts: row.counts,
  };
}
