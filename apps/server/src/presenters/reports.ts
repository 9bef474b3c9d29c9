import type { Report, ReportedContent } from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import { sessionFingerprint } from '../lib/session-id.ts';

export interface ReportRow {
  id: number;
  target_type: 'question' | 'answer';
  question_id: number | null;
  answer_id: number | null;
  reason: Report['reason'];
  details: string | null;
  session_hash: Buffer | null;
  status: Report['status'];
  created_at: Date;
  reviewed_at: Date | null;
}

export interface ReportContentRow {
  question_text: string | null;
  answer_text: string | null;
  answer_question_id: number | null;
  answer_is_deleted: boolean | null;
}

function reportedContent(row: ReportRow & ReportContentRow): ReportedContent | null {
  if (row.question_id !== null && row.question_text !== null) {
    return {
      type: 'question',
      id: row.question_id,
      text: row.question_text,
      question: row.question_id,
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
    };
  }
  return null;
}

/** The reporter appears only as a short fingerprint of their session, never the id. */
export function presentReport(row: ReportRow, content?: ReportContentRow): Report {
  return {
    id: row.id,
    question: row.question_id,
    answer: row.answer_id,
    target_type: row.target_type,
    reason: row.reason,
    details: row.details,
    session_id: sessionFingerprint(row.session_hash),
    status: row.status,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at === null ? null : row.reviewed_at.toISOString(),
    content: content === undefined ? null : reportedContent({ ...row, ...content }),
  };
}

/**
 * A report as its reporter sees it on creation: like every item of one's own, it carries
 * the reporter's own session id (when the report came from a session), not a fingerprint.
 */
export function presentNewReport(viewer: Viewer, row: ReportRow): Report {
  const ownSession = row.session_hash !== null ? viewer.sessionId : null;
  return { ...presentReport(row), session_id: ownSession };
}
