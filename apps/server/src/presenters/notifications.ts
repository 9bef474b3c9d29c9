/** Notification rows -> the inbox's items: ids and pseudonyms, never who anyone is. */
import type { Notification } from '@dating/contract';
import type { NotificationRow } from '../repositories/notifications.ts';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    question: row.question_id,
    answer: row.answer_id,
    count: row.count,
    excerpt: row.excerpt,
    author_label: row.author_label,
    created_at: row.created_at.toISOString(),
    read: row.read_at !== null,
  };
}
