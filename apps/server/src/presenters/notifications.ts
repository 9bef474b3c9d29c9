/**
 * Notification and follow rows -> the inbox's items and the list of follows: ids,
 * pseudonyms and the question's first words, never who anyone is.
 */
import type { FollowedQuestion, Notification } from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import type { FollowListRow } from '../repositories/follows.ts';
import type { NotificationRow } from '../repositories/notifications.ts';
import { visibleTo } from './ownership.ts';

/** The question an item names, as its row carries it (all null once the question is gone). */
interface NamedQuestion {
  question_text: string | null;
  question_hidden_at: Date | null;
  question_user_id: number | null;
  question_session_hash: Buffer | null;
}

/** The question's first words, unless it is gone or hidden from the viewer (`visibleTo`). */
function namedQuestionText(viewer: Viewer, row: NamedQuestion): string | null {
  if (row.question_text === null) return null;
  const question = {
    user_id: row.question_user_id,
    session_hash: row.question_session_hash,
    hidden_at: row.question_hidden_at,
  };
  return visibleTo(viewer, question, question) ? row.question_text : null;
}

export function presentNotification(viewer: Viewer, row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    question: row.question_id,
    question_text: namedQuestionText(viewer, row),
    answer: row.answer_id,
    count: row.count,
    excerpt: row.excerpt,
    author_label: row.author_label,
    created_at: row.created_at.toISOString(),
    read: row.read_at !== null,
  };
}

export function presentFollow(viewer: Viewer, row: FollowListRow): FollowedQuestion {
  return {
    question: row.question_id,
    question_text: namedQuestionText(viewer, row),
    followed_at: row.created_at.toISOString(),
  };
}
