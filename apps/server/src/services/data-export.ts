/**
 * The export: everything kept for one identity, as the one JSON document it downloads. Devices are
 * named by their push service's origin only (the endpoint is a capability, the keys are
 * secrets); what cannot be listed says why.
 */
import type { AgeRange, Gender, MyExport, ReportReason, ReportStatus } from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import type { Executor } from '../db/connection.ts';
import type { Owner } from '../db/rows.ts';
import { hiddenReasonOf } from '../presenters/ownership.ts';
import {
  exportedAccount,
  exportedAnswers,
  exportedDevices,
  exportedFollows,
  exportedLikesOfUser,
  exportedNotifications,
  exportedQuestions,
  exportedReportsOfUser,
  exportedSignIns,
  exportedSilences,
  exportedUpdates,
} from '../repositories/my-data.ts';

/** Why a key's likes and reports are not in its export. */
export const KEY_ACTIVITY_UNLISTED = {
  likes:
    "A private key's likes are stored under a MAC of the key and the liked post, not under the key: no query can find them by the key without naming every post, so they cannot be listed (nor joined to the key's posts). Each counts as one like on its post.",
  reports:
    "A private key's reports are stored under a MAC of the key and the reported post, not under the key: no query can find them by the key without naming every post, so they cannot be listed (nor joined to the key's posts).",
} as const;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

/** The push service a device's endpoint leads to, as an origin (https://host). */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'unknown';
  }
}

/** `dating-advice-data-2026-12-06.json`. */
export function exportFilename(now: Date): string {
  return `dating-advice-data-${now.toISOString().slice(0, 10)}.json`;
}

/** Everything kept for the viewer (an account, or a key; the caller checked it has one). */
export async function exportOf(db: Executor, viewer: Viewer, now: Date): Promise<MyExport> {
  const owner: Owner = viewer.user
    ? { userId: viewer.user.id, sessionHash: null }
    : { userId: null, sessionHash: viewer.sessionHash as Buffer };
  const userId = owner.userId;
  const [questions, answers, updates, follows, notifications, devices, silences] =
    await Promise.all([
      exportedQuestions(db, owner),
      exportedAnswers(db, owner),
      exportedUpdates(db, owner),
      exportedFollows(db, owner),
      exportedNotifications(db, owner),
      exportedDevices(db, owner),
      exportedSilences(db, owner),
    ]);
  const account = userId === null ? null : await exportedAccount(db, userId);
  const [likes, reports, signIns] =
    userId === null
      ? [null, null, null]
      : await Promise.all([
          exportedLikesOfUser(db, userId),
          exportedReportsOfUser(db, userId),
          exportedSignIns(db, userId),
        ]);
  return {
    format: 'dating-advice-export/1',
    exported_at: iso(now),
    identity: {
      type: account ? 'account' : 'anonymous_key',
      id: account?.id ?? null,
      username: account?.username ?? null,
      email: account?.email ?? null,
      is_staff: account?.is_staff ?? false,
      created_at: account ? iso(account.created_at) : null,
    },
    questions: questions.rows.map((row) => ({
      id: row.id,
      text: row.text,
      tags: row.tags,
      gender: row.gender as Gender,
      age_range: row.age_range as AgeRange,
      likes: row.likes,
      answer_count: row.answer_count,
      hidden: row.hidden_at !== null,
      hidden_reason: hiddenReasonOf(row),
      created_at: iso(row.created_at),
      edited_at: isoOrNull(row.edited_at),
    })),
    answers: answers.rows.map((row) => ({
      id: row.id,
      question: row.question_id,
      parent: row.parent_id,
      text: row.text,
      gender: row.gender as Gender,
      age_range: row.age_range as AgeRange,
      likes: row.likes,
      helpful: row.helpful,
      hidden: row.hidden_at !== null,
      hidden_reason: hiddenReasonOf(row),
      created_at: iso(row.created_at),
      edited_at: isoOrNull(row.edited_at),
    })),
    updates: updates.rows.map((row) => ({
      id: row.id,
      question: row.question_id,
      text: row.text,
      created_at: iso(row.created_at),
    })),
    follows: follows.rows.map((row) => ({
      question: row.question_id,
      muted: row.muted,
      created_at: iso(row.created_at),
    })),
    notifications: notifications.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      question: row.question_id,
      answer: row.answer_id,
      count: row.count,
      excerpt: row.excerpt,
      author_label: row.author_label,
      created_at: iso(row.created_at),
      read_at: isoOrNull(row.read_at),
    })),
    devices: devices.rows.map((row) => ({
      push_service: originOf(row.endpoint),
      created_at: iso(row.created_at),
    })),
    likes: likes
      ? {
          listed: true,
          reason: null,
          items: likes.rows.map((row) => ({
            type: row.type,
            id: row.id,
            created_at: iso(row.created_at),
          })),
        }
      : { listed: false, reason: KEY_ACTIVITY_UNLISTED.likes, items: [] },
    reports: reports
      ? {
          listed: true,
          reason: null,
          items: reports.rows.map((row) => ({
            id: row.id,
            type: row.target_type,
            target: row.target_type === 'question' ? row.question_id : row.answer_id,
            reason: row.reason as ReportReason,
            details: row.details,
            status: row.status as ReportStatus,
            created_at: iso(row.created_at),
            reviewed_at: isoOrNull(row.reviewed_at),
          })),
        }
      : { listed: false, reason: KEY_ACTIVITY_UNLISTED.reports, items: [] },
    sign_ins: (signIns?.rows ?? []).map((row) => ({
      created_at: iso(row.created_at),
      expires_at: iso(row.expires_at),
    })),
    silences: silences.rows.map((row) => ({
      reason: row.reason,
      days: row.days,
      created_at: iso(row.created_at),
      ends_at: iso(row.ends_at),
      lifted_at: isoOrNull(row.lifted_at),
    })),
  };
}
