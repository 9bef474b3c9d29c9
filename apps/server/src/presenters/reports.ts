import {
  type CrisisCategory,
  REPORT_GROUP_PRIORITIES,
  type Report,
  type ReportedContent,
  type ReportGroup,
  type ReportReason,
} from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import type { ReportContentRow } from '../db/rows.ts';
import type { ReporterFingerprints } from '../lib/reporter-fingerprints.ts';
import type { ReportGroupRow } from '../repositories/reports.ts';

export interface ReportRow {
  id: number;
  target_type: 'question' | 'answer';
  question_id: number | null;
  answer_id: number | null;
  reason: Report['reason'];
  details: string | null;
  user_id: number | null;
  key_mac: Buffer | null;
  status: Report['status'];
  created_at: Date;
  reviewed_at: Date | null;
  source: Report['source'];
  categories: CrisisCategory[];
}

function reportedContent(
  row: Pick<ReportRow, 'question_id' | 'answer_id'> & ReportContentRow,
): ReportedContent | null {
  if (row.question_id !== null && row.question_text !== null) {
    return {
      type: 'question',
      id: row.question_id,
      text: row.question_text,
      question: row.question_id,
      hidden: row.question_hidden_at !== null,
    };
  }
  if (
    row.answer_id !== null &&
    row.answer_text !== null &&
    row.answer_question_id !== null &&
    !row.answer_is_deleted
  ) {
    return {
      type: 'answer',
      id: row.answer_id,
      text: row.answer_text,
      question: row.answer_question_id,
      hidden: row.answer_hidden_at !== null,
    };
  }
  return null;
}

/**
 * A report as admins see it: the reporter only as a fingerprint scoped to the reported
 * content (lib/reporter-fingerprints.ts), never a session id, its hash or a user id.
 */
export function presentReport(
  fingerprints: ReporterFingerprints,
  row: ReportRow,
  content?: ReportContentRow,
): Report {
  return {
    id: row.id,
    question: row.question_id,
    answer: row.answer_id,
    target_type: row.target_type,
    reason: row.reason,
    details: row.details,
    session_id: fingerprints.of(row),
    status: row.status,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at === null ? null : row.reviewed_at.toISOString(),
    content: content === undefined ? null : reportedContent({ ...row, ...content }),
    source: row.source,
    categories: row.categories,
  };
}

/**
 * A report as its reporter sees it on creation: like every item of one's own, it carries
 * the reporter's own session id (when the report came from a session), not a fingerprint.
 */
export function presentNewReport(
  fingerprints: ReporterFingerprints,
  viewer: Viewer,
  row: ReportRow,
): Report {
  const ownSession = row.key_mac !== null ? viewer.sessionId : null;
  return { ...presentReport(fingerprints, row), session_id: ownSession };
}

/** A group of the queue (repositories/reports.ts): counts and reasons, never reporters. */
export function presentReportGroup(row: ReportGroupRow): ReportGroup {
  const reasons = new Map<ReportReason, number>();
  for (const reason of row.reasons ?? []) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  const firstId = row.report_ids[0] ?? row.first_id;
  // The content as a report of the group names it (reportedContent reads these).
  const asReport = {
    question_id: row.target_type === 'question' ? row.target_id : null,
    answer_id: row.target_type === 'answer' ? row.target_id : null,
  };
  return {
    target_type: row.target_type,
    target_id: row.target_id,
    priority: REPORT_GROUP_PRIORITIES[row.rank] ?? 'reported',
    count: row.reasons?.length ?? 0,
    reasons: [...reasons]
      .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
      .map(([reason, count]) => ({ reason, count })),
    flag: row.flag_id,
    system: row.system ?? [],
    categories: row.flag_id === null ? [] : (row.categories ?? []),
    reports: row.report_ids.length > 0 ? row.report_ids : [firstId],
    details: row.details ?? [],
    first_reported_at: row.first_at.toISOString(),
    content: reportedContent({ ...row, ...asReport }),
  };
}
