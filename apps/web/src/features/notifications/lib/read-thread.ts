/**
 * Opening a thread reads its news: the question page marks every notification about its
 * question read (`POST /api/notifications/read/` with `{question}`), once per visit, when the
 * visitor has an inbox with something unread that may be about it. The header's count
 * follows through the live stream, which the server tells of the change. The inbox's calls
 * are loaded only then (../api/notifications.ts is not among a question page's first files,
 * which issue 35 holds to 125 KB of scripts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
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
    const controller = new AbortController();
    let settled = false;
    const decide = async () => {
      const inbox = await import('../api/notifications.ts');
      if (controller.signal.aborted) return;
      const markRead = () => inbox.markReadNow(queryClient, { question });
      if (inbox.hasUnreadAbout(queryClient, question) || (known !== null && known > 0)) {
        settled = true;
        markRead();
        return;
      }
      if (known !== null) {
        settled = true;
        return;
      }
      const count = await inbox.getUnreadCount(controller.signal);
      settled = true;
      if (count > 0) markRead();
    };
    decide().catch(() => {
      settled = true; // unknown: the thread's news stay unread
    });
    return () => {
      controller.abort();
      // Left before it was decided: decided again when next shown.
      if (!settled) decided.current = null;
    };
  }, [question, hasInbox, queryClient]);
}
