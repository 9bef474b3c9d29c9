/**
 * 'Replies': nested answers, indented 24 px per level. Only one answer at a time is in edit
 * mode, and only one has its reply box open (toggling the same one closes it). Long threads
 * open in steps (see ../lib/thread-view.ts); a reply just posted is opened up, scrolled to,
 * highlighted for a moment and focused, so screen readers land on it.
 */
import type { AnswerNode } from '@dating/contract';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { AfterPost } from '../../../components/ui/after-post.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { cx } from '../../../lib/cx.ts';
import { TEXT, UI } from '../../../lib/messages.ts';
import {
  collapsesByDepth,
  countReplies,
  initialThreadView,
  pathTo,
  reveal,
  splitList,
  type ThreadView,
  TOP_PAGE_SIZE,
} from '../lib/thread-view.ts';
import { AnswerItem, PHONE_INDENT_LEVELS } from './answer-item.tsx';
import styles from './reply-thread.module.css';
import { ThreadContext, type ThreadState } from './thread-context.ts';

const HIGHLIGHT_MS = 2500;

function ShowMore({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <li className={styles.more}>
      <button type="button" className={buttonClass('ghost', 'small')} onClick={onClick}>
        {TEXT.showNMoreReplies(count)}
      </button>
    </li>
  );
}

interface ListProps {
  answers: readonly AnswerNode[];
  depth: number;
  /** Below an opened branch: no level collapses any more. */
  opened: boolean;
  view: ThreadView;
  setView: (update: (view: ThreadView) => ThreadView) => void;
}

function Branch({
  answer,
  depth,
  opened,
  view,
  setView,
}: Omit<ListProps, 'answers'> & { answer: AnswerNode }) {
  const below = opened || view.openBranches.has(answer.id);
  const replies = answer.replies;
  let children = null;
  if (replies.length > 0) {
    if (collapsesByDepth(depth) && !below) {
      children = (
        <ul
          className={cx(styles.list, styles.nested)}
          data-testid="reply-list"
          data-depth={depth + 1}
        >
          <ShowMore
            count={countReplies(replies)}
            onClick={() =>
              setView((v) => ({ ...v, openBranches: new Set(v.openBranches).add(answer.id) }))
            }
          />
        </ul>
      );
    } else {
      const { shown, hidden } = splitList(replies, answer.id, view);
      children = (
        <ReplyList
          answers={shown}
          depth={depth + 1}
          opened={below}
          view={view}
          setView={setView}
          more={
            hidden.length > 0 ? (
              <ShowMore
                count={countReplies(hidden)}
                onClick={() =>
                  setView((v) => ({ ...v, openLists: new Set(v.openLists).add(answer.id) }))
                }
              />
            ) : null
          }
        />
      );
    }
  }
  return (
    <li>
      <AnswerItem answer={answer} depth={depth} />
      <AfterPost type="answer" id={answer.id} />
      {children}
    </li>
  );
}

function ReplyList({
  answers,
  depth,
  opened,
  view,
  setView,
  more,
}: ListProps & { more?: ReactNode }) {
  return (
    <ul
      className={cx(
        styles.list,
        depth > 0 && styles.nested,
        depth >= PHONE_INDENT_LEVELS && styles.deep,
      )}
      data-testid="reply-list"
      data-depth={depth}
    >
      {answers.map((answer) => (
        <Branch
          key={answer.id}
          answer={answer}
          depth={depth}
          opened={opened}
          view={view}
          setView={setView}
        />
      ))}
      {more}
    </ul>
  );
}

export function ReplyThread({
  questionId,
  answers,
  onReport,
  ownerPage = false,
  askerView = false,
  heading = TEXT.replies,
  emptyText = UI.noReplies,
  revealId = null,
}: {
  questionId: number;
  answers: AnswerNode[];
  onReport: (answerId: number) => void;
  ownerPage?: boolean;
  /** The viewer asked the question: "This helped" on others' replies. */
  askerView?: boolean;
  /** 'Replies', or a perspective's "What do women 26-35 say?". */
  heading?: string;
  emptyText?: string;
  /** A reply posted from outside the thread ('Leave a Reply'), to show. */
  revealId?: number | null;
}) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const [replyingId, setReplyingId] = useState<number | null>(null);
  const [view, setView] = useState(initialThreadView);
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const headingId = useId();

  // A reply just posted (here, or above the thread) waits until the reloaded thread holds
  // it; then whatever hides it opens, and it becomes the target to scroll to and focus.
  const [pending, setPending] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [seenRevealId, setSeenRevealId] = useState<number | null>(null);
  if (revealId !== null && revealId !== seenRevealId) {
    setSeenRevealId(revealId);
    setPending(revealId);
  }
  if (pending !== null && pathTo(answers, pending)) {
    setView((v) => reveal(v, answers, pending));
    setTarget(pending);
    setPending(null);
  }

  // Once it is on the page: scroll to it, focus it, highlight it for a moment.
  useEffect(() => {
    if (target === null) return;
    const element = document.getElementById(`answer-${target}`);
    if (!element) return;
    setTarget(null);
    setHighlightId(target);
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    element.focus({ preventScroll: true });
  }, [target]);
  useEffect(() => {
    if (highlightId === null) return;
    const timer = window.setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightId]);

  const state = useMemo<ThreadState>(
    () => ({
      questionId,
      ownerPage,
      askerView,
      editingId,
      setEditingId,
      replyingId,
      toggleReply: (id) => setReplyingId((current) => (current === id ? null : id)),
      closeReply: () => setReplyingId(null),
      onReport,
      reveal: setPending,
      highlightId,
    }),
    [questionId, ownerPage, askerView, editingId, replyingId, onReport, highlightId],
  );

  const hiddenTop = answers.length - view.topShown;
  return (
    <section className={styles.replies} aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {answers.length === 0 ? (
        <EmptyState>
          <p>{emptyText}</p>
        </EmptyState>
      ) : (
        <ThreadContext.Provider value={state}>
          <ReplyList
            answers={answers.slice(0, view.topShown)}
            depth={0}
            opened={false}
            view={view}
            setView={setView}
            more={
              hiddenTop > 0 ? (
                <li className={styles.more}>
                  <button
                    type="button"
                    className={buttonClass()}
                    onClick={() => setView((v) => ({ ...v, topShown: v.topShown + TOP_PAGE_SIZE }))}
                  >
                    {TEXT.showMoreReplies}
                  </button>
                </li>
              ) : null
            }
          />
        </ThreadContext.Provider>
      )}
    </section>
  );
}
