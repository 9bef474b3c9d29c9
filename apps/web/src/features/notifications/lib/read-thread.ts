/**
 * Opening a thread reads its news: the question page marks every notification about its
 * question read (`POST /api/notifications/read/` with `{question}`), once per visit, when the
 * visitor has an inbox with something unread that may be about it. The header's count
 * follows through the live stream, which the server tells of the change.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getUnreadCount, hasUnreadAbout, useMarkRead } from '../api/notifications.ts';
import { useHasInbox, useUnreadCount } from './live.ts';

/**
 * Marks the notifications about `question` read once it is shown (null: nothing shown yet).
 * Decided once per visit, with what is unread as it opens: the inbox as last read, else the
 * live count, else (the stream not started yet, as on a page opened from a push) the count
 * asked for at once. News that come while the thread is open stay unread, as the header
 * tells of them.
 */
export function useReadThread(question: number | null) {
  const hasInbox = useHasInbox();
  const unread = useUnreadCount();
  const queryClient = useQueryClient();
  const { mutate } = useMarkRead();
  const decided = useRef<number | null>(null);
  // The live count as the thread opens, read by the effect without waiting for its changes.
  const liveUnread = useRef(unread);
  useEffect(() => {
    liveUnread.current = unread;
  });
  useEffect(() => {
    if (question === null || !hasInbox || decided.current === question) return;
    decided.current = question;
    const known = liveUnread.current;
    if (hasUnreadAbout(queryClient, question) || (known !== null && known > 0)) {
      mutate({ question });
      return;
    }
    if (known !== null) return;
    const controller = new AbortController();
    let settled = false;
    getUnreadCount(controller.signal).then(
      (count) => {
        settled = true;
        if (count > 0) mutate({ question });
      },
      () => {
        settled = true; // unknown: the thread's news stay unread
      },
    );
    return () => {
      controller.abort();
      // Left before the count came: decided again when next shown.
      if (!settled) decided.current = null;
    };
  }, [question, hasInbox, queryClient, mutate]);
}
