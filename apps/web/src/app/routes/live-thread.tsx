/**
 * An open thread's new replies, live: a short thread takes them in as they come; a longer
 * one says "Show N new replies" instead of moving what the reader is reading, and shows
 * them on request. Replies already on the page (one's own, just posted) are not counted.
 */
import type { AnswerNode } from '@dating/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button.ts';
import { countReplies, pathTo } from '../../features/answers/lib/thread-view.ts';
import { useThreadReplies } from '../../features/notifications/lib/live.ts';
import { NOTIFY } from '../../features/notifications/lib/messages.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import styles from './live-thread.module.css';

/** Up to this many replies, a thread takes new ones in without asking. */
export const SHORT_THREAD = 10;

/** The highest reply id in a thread (ids grow), 0 for none. */
function newestReply(answers: readonly AnswerNode[]): number {
  let newest = 0;
  for (const answer of answers) newest = Math.max(newest, answer.id, newestReply(answer.replies));
  return newest;
}

/** `answers`: the thread on screen, or null while it loads (nothing is watched then). */
export function useLiveThread(questionId: number, answers: readonly AnswerNode[] | null) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<{ questionId: number; ids: number[] }>({
    questionId,
    ids: [],
  });
  /** The question that went away while on screen (deleted, or hidden from the visitor). */
  const [gone, setGone] = useState<number | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
  const thread = answers ?? [];
  useThreadReplies(
    answers === null ? null : questionId,
    newestReply(thread),
    (answer) => {
      if (pathTo(thread, answer)) return;
      if (countReplies(thread) <= SHORT_THREAD) {
        void reload();
        return;
      }
      setWaiting((w) =>
        w.questionId !== questionId
          ? { questionId, ids: [answer] }
          : w.ids.includes(answer)
            ? w
            : { questionId, ids: [...w.ids, answer] },
      );
    },
    () => {
      // What the page still shows of it is read again: a hidden question's notice, or none.
      setGone(questionId);
      setWaiting({ questionId, ids: [] });
      void reload();
    },
  );
  const pending =
    waiting.questionId === questionId ? waiting.ids.filter((id) => !pathTo(thread, id)) : [];
  /** Loads the waiting replies; resolves to the first of them, to show it. */
  const showPending = async (): Promise<number | null> => {
    const first = pending.length > 0 ? Math.min(...pending) : null;
    await reload();
    setWaiting({ questionId, ids: [] });
    return first;
  };
  return { pending: pending.length, showPending, unavailable: gone === questionId };
}

export function NewRepliesButton({
  count,
  onShow,
  unavailable = false,
}: {
  count: number;
  onShow: () => void;
  /** The question went away while on screen: said instead of new replies. */
  unavailable?: boolean;
}) {
  return (
    <div className={styles.bar} role="status">
      {unavailable && <p>{NOTIFY.unavailable}</p>}
      {!unavailable && count > 0 && (
        <button type="button" className={buttonClass('primary', 'small')} onClick={onShow}>
          {NOTIFY.newReplies(count)}
        </button>
      )}
    </div>
  );
}
