/**
 * Moderation that scales. Every function runs inside the caller's
 * transaction, after the caller has locked the content concerned (the content first, then
 * its reports: the order every review and report takes, so they never deadlock).
 *
 * - Auto-hide: when MODERATION_AUTOHIDE people have pending reports on one item, it is
 *   hidden from everyone but its author and admins until an admin reviews it.
 * - Reviewing a report: approving deletes the content (as before) and closes every
 *   pending report on it; rejecting keeps it, and when it was hidden, shows it again and
 *   rejects the other pending reports of people on it (the admin has judged the content:
 *   the next report must not hide it at once).
 * - Acknowledging a crisis flag: the admin has seen it and keeps the post. The flag
 *   closes as `acknowledged` (migration 0023), nothing is deleted, hidden or shown, and people's
 *   reports on the post stay in the queue.
 * - Reviewing a group (every pending report on one post): approving deletes the post once
 *   and closes them all; rejecting closes them all, and shows the post again if hidden.
 * - The log: every approval, rejection, auto-hide, un-hide and admin deletion, with the
 *   admin (null for the server's own), the time, the target, an optional note, and for
 *   deleted content a snapshot without its author, personal information removed.
 */
import type { ContentSnapshot, StaffRole } from '@dating/contract';
import { detectPersonalInfo, redactPersonalInfo } from '@dating/contract/personal-info';
import type { Executor } from '../db/connection.ts';
import type { ReporterAccuracy } from '../lib/reporter-accuracy.ts';
import type { ReportRow } from '../presenters/reports.ts';
import { deleteAnswer, findAnswerForChange } from '../repositories/answers.ts';
import {
  findAnswerForSnapshot,
  findPostAuthor,
  findQuestionForSnapshot,
  insertLogEntry,
  questionOfTarget,
  setHidden,
} from '../repositories/moderation.ts';
import { dropNotificationsOf } from '../repositories/notifications.ts';
import { deleteQuestion } from '../repositories/questions.ts';
import {
  closeReports,
  closeReportsOnAnswersOf,
  type ReportTarget,
  rejectAllPendingReports,
  rejectPendingReports,
} from '../repositories/reports.ts';
import { tellOfModeration } from './notifications.ts';
import { weighedReporters } from './report-weights.ts';

export interface ReviewBy {
  /** The admin or moderator who acts. */
  adminId: number;
  role: StaffRole;
  note: string | null;
}

/** The content a report names, or null once it is gone. */
export function targetOfReport(report: {
  question_id: number | null;
  answer_id: number | null;
}): ReportTarget | null {
  if (report.question_id !== null) return { type: 'question', id: report.question_id };
  if (report.answer_id !== null) return { type: 'answer', id: report.answer_id };
  return null;
}

/** Plain text without personal information, and which kinds were removed. */
function sanitized(text: string) {
  const found = detectPersonalInfo(text);
  const kinds = [...new Set(found.map((match) => match.kind))];
  return { text: redactPersonalInfo(text, found), pii_removed: kinds };
}

/** What the content looks like now, for the log; null when it is gone or a placeholder. */
export async function snapshotOf(
  db: Executor,
  target: ReportTarget,
): Promise<ContentSnapshot | null> {
  if (target.type === 'question') {
    const row = await findQuestionForSnapshot(db, target.id);
    if (!row) return null;
    return {
      type: 'question',
      ...sanitized(row.text),
      tags: row.tags,
      gender: row.gender,
      age_range: row.age_range,
      likes: row.likes,
      answer_count: row.answer_count,
      created_at: row.created_at.toISOString(),
    };
  }
  const row = await findAnswerForSnapshot(db, target.id);
  if (!row) return null;
  return {
    type: 'answer',
    ...sanitized(row.text),
    tags: [],
    gender: row.gender,
    age_range: row.age_range,
    likes: row.likes,
    answer_count: 0,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * After a person's report of `target` is stored: hides it when `threshold` people (0: never)
 * have pending reports on it, each weighed by their past accuracy (services/report-weights.ts),
 * and logs that once; its author is told why (the reason most reporters gave). True when it
 * was hidden now.
 */
export async function hideIfReportedEnough(
  db: Executor,
  target: ReportTarget,
  threshold: number,
  accuracy: ReporterAccuracy,
): Promise<boolean> {
  if (threshold === 0) return false;
  const weighed = await weighedReporters(db, accuracy, target, threshold);
  if (weighed.weight < threshold) return false;
  if (!(await setHidden(db, target, true, weighed.reason ?? 'other'))) return false;
  const post = await findPostAuthor(db, target);
  await insertLogEntry(db, {
    action: 'auto_hide',
    adminId: null,
    target,
    questionId: post?.questionId ?? null,
  });
  // Out of sight: nobody is pointed at it any more, and its author hears why it went.
  await dropNotificationsOf(db, target, 'hidden');
  if (post) await tellOfModeration(db, post, 'hidden');
  return true;
}

/** A hidden post shows again: its author is told. */
async function tellOfRestore(db: Executor, target: ReportTarget) {
  const post = await findPostAuthor(db, target);
  if (post) await tellOfModeration(db, post, 'restored');
}

/** Removes reported content on approval, telling its author; gone content needs nothing more. */
async function removeReportedContent(db: Executor, target: ReportTarget) {
  const post = await findPostAuthor(db, target);
  if (post) await tellOfModeration(db, post, 'removed');
  if (target.type === 'question') {
    await closeReportsOnAnswersOf(db, target.id);
    await deleteQuestion(db, target.id);
    return;
  }
  const answer = await findAnswerForChange(db, target.id);
  if (answer && !answer.is_deleted) await deleteAnswer(db, answer);
}

/** Approves or rejects a pending report (locked, with its content), and logs it. */
export async function reviewReport(
  db: Executor,
  report: ReportRow,
  status: 'approved' | 'rejected',
  by: ReviewBy,
): Promise<void> {
  const target = targetOfReport(report);
  const questionId = target ? ((await questionOfTarget(db, target)) ?? null) : null;
  const entry = {
    adminId: by.adminId,
    role: by.role,
    target: { type: report.target_type, id: target?.id ?? null },
    questionId,
    reportId: report.id,
    note: by.note,
  };
  if (status === 'approved') {
    const snapshot = target ? await snapshotOf(db, target) : null;
    // Close the reports first: deleting the content clears their target ids.
    await closeReports(db, report, status);
    if (target) await removeReportedContent(db, target);
    await insertLogEntry(db, { ...entry, action: 'approve', snapshot });
    return;
  }
  await closeReports(db, report, status);
  await insertLogEntry(db, { ...entry, action: 'reject' });
  if (target && (await setHidden(db, target, false))) {
    await rejectPendingReports(db, target);
    await insertLogEntry(db, { ...entry, action: 'unhide', note: null });
    await tellOfRestore(db, target);
  }
}

/** Closes a pending crisis flag (locked, with its content) as seen, keeping the post. */
export async function acknowledgeFlag(db: Executor, report: ReportRow, by: ReviewBy) {
  const target = targetOfReport(report);
  await closeReports(db, report, 'acknowledged');
  await insertLogEntry(db, {
    action: 'acknowledge',
    adminId: by.adminId,
    role: by.role,
    target: { type: report.target_type, id: target?.id ?? null },
    questionId: target ? ((await questionOfTarget(db, target)) ?? null) : null,
    reportId: report.id,
    note: by.note,
  });
}

/**
 * Reviews every pending report on a post at once (`pending`: them, locked after the post,
 * oldest first; at least one). Approving deletes the post once, logged once; rejecting
 * keeps it, logged once against the oldest report, and un-hides it. How many closed.
 */
export async function reviewGroup(
  db: Executor,
  target: ReportTarget,
  pending: ReportRow[],
  status: 'approved' | 'rejected',
  by: ReviewBy,
): Promise<number> {
  const [first] = pending;
  if (!first) return 0;
  if (status === 'approved') {
    // closeReports closes every pending report on the post with the first.
    await reviewReport(db, first, 'approved', by);
    return pending.length;
  }
  const closed = await rejectAllPendingReports(db, target);
  const entry = {
    adminId: by.adminId,
    role: by.role,
    target,
    questionId: (await questionOfTarget(db, target)) ?? null,
    reportId: first.id,
  };
  await insertLogEntry(db, { ...entry, action: 'reject', note: by.note });
  if (await setHidden(db, target, false)) {
    await insertLogEntry(db, { ...entry, action: 'unhide', note: null });
    await tellOfRestore(db, target);
  }
  return closed;
}

/** An admin deletes someone else's question or answer: logged with what it was. */
export async function logAdminDelete(db: Executor, target: ReportTarget, by: ReviewBy) {
  await insertLogEntry(db, {
    action: 'delete',
    adminId: by.adminId,
    role: by.role,
    target,
    questionId: (await questionOfTarget(db, target)) ?? null,
    note: by.note,
    snapshot: await snapshotOf(db, target),
  });
}
