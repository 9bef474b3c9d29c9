/**
 * Opening a thread reads its news: the question page marks every notification about its
 * question read (`POST /api/notifications/read/` with `{question}`), once per visit, when the
 * visitor has an inbox with something unread that may be about it. The header's count
 * follows through the live stream, which the server tells of the change.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { hasUnreadAbout, useMarkRead } from '../api/notifications.ts';
import { useHasInbox, useUnreadCount } from './live.ts';

/** Marks the notifications about `question` read once it is shown (null: nothing shown yet). */
export function useReadThread(question: number | null) {
  const hasInbox = useHasInbox();
  const unread = useUnreadCount();
  const queryClient = useQueryClient();
  const { mutate } = useMarkRead();
  const marked = useRef<number | null>(null);
  useEffect(() => {
    if (question === null || !hasInbox || marked.current === question) return;
    // Unread news of this question in the inbox as last read, or unread news of somewhere
    // (the inbox not read yet, say after a push): either way, this thread's are read now.
    if (!hasUnreadAbout(queryClient, question) && !(unread !== null && unread > 0)) return;
    marked.current = question;
    mutate({ question });
  }, [question, hasInbox, unread, queryClient, mutate]);
}
