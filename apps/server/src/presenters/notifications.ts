/**
 * Notification and follow rows -> the inbox's items and the list of follows: ids,
 * pseudonyms and the question's first words, never who anyone is.
 */
import type { FollowedQuestion, Notification } from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import type { FollowListRow } from '../repositories/follows.ts';
import type { NotificationRow } from '../repositories/notifications.ts';
import { seesHidden } from './ownership.ts';

/** A question as an item names it: its first words, and what decides who may read them. */
interface NamedQuestion {
  text: string | null;
  hidden_at: Date | null;
  user_id: number | null;
  session_hash: Buffer | null;
}

/** The question's first words, unless it is gone or hidden from the viewer. */
function questionTextFor(viewer: Viewer, question: NamedQuestion): string | null {
  if (question.text === null) return null;
  if (question.hidden_at !== null && !seesHidden(viewer, question)) return null;
  return question.text;
}

export function presentNotification(viewer: Viewer, row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    question: row.question_id,
    question_text: questionTextFor(viewer, {
      text: row.question_text,
      hidden_at: row.question_hidden_at,
      user_id: row.question_user_id,
      session_hash: row.question_session_hash,
    }),
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
    question_text: questionTextFor(viewer, {
      text: row.question_text,
      hidden_at: row.question_hidden_at,
      user_id: row.question_user_id,
      session_hash: row.question_session_hash,
    }),
    followed_at: row.created_at.toISOString(),
  };
}
