/**
 * 'Replies': nested answers, indented 24 px per level. Only one answer at a time is in edit
 * mode, and only one has its reply box open (toggling the same one closes it). Long threads
 * open in steps (see ../lib/thread-view.ts) and come from the server in pages: the next
 * top-level answers load as the reader nears the end of the list (or with 'Load more
 * replies'), an answer whose replies a page cut loads the rest with 'Show N more replies'
 * (../lib/thread-pages.ts puts it all together). A reply just posted is shown even when its
 * page is not loaded, opened up, scrolled to, highlighted for a moment and focused, so
 * screen readers land on it.
 */
import { type AnswerNode, answerAnchor } from '@dating/contract';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { AfterPost } from '../../../components/ui/after-post.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useOnVisible } from '../../../hooks/use-on-visible.ts';
import { cx } from '../../../lib/cx.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { OUTCOME_HINTS } from '../../../lib/outcome-hints.ts';
import { usePostedReplies } from '../api/create-answer.ts';
import { useCutReplies, useMoreAnswers } from '../api/get-answer-pages.ts';
import { mergeThreadParts } from '../lib/thread-pages.ts';
import {
  collapsesByDepth,
  countReplies,
  initialThreadView,
  pathTo,
  reveal,
  revealedIn,
  splitList,
  type ThreadView,
} from '../lib/thread-view.ts';
import { AnswerItem, PHONE_INDENT_LEVELS } from './answer-item.tsx';
import styles from './reply-thread.module.css';
import { type CutReplies, ThreadContext, type ThreadState, useThread } from './thread-context.ts';

const HIGHLIGHT_MS = 2500;

/** 'Show N more replies' under an answer whose replies the server's page cut. */
function CutMore({ answer }: { answer: AnswerNode }) {
  const thread = useThread();
  const cut = thread.cutReplies(answer);
  const hydrated = useHydrated();
  if (cut === null) return null;
  return (
    <li className={styles.more}>
      {cut.failed ? (
        <LoadError
          message={MSG.loadQuestionFailed}
          retrying={cut.loading}
          onRetry={() => thread.loadReplies(answer)}
        />
      ) : (
        <button
          type="button"
          className={buttonClass('ghost', 'small')}
          disabled={!hydrated || cut.loading}
          onClick={() => thread.loadReplies(answer)}
        >
          {cut.loading ? TEXT.loadingMore : TEXT.showNMoreReplies(cut.remaining)}
        </button>
      )}
    </li>
  );
}

function ShowMore({ count, onClick }: { count: number; onClick: () => void }) {
  const hydrated = useHydrated();
  return (
    <li className={styles.more}>
      <button
        type="button"
        className={buttonClass('ghost', 'small')}
        disabled={!hydrated}
        onClick={onClick}
      >
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
  const cut = answer.replies_more !== undefined;
  let children = null;
  if (replies.length === 0 && cut) {
    children = (
      <ul
        className={cx(styles.list, styles.nested)}
        data-testid="reply-list"
        data-depth={depth + 1}
      >
        <CutMore answer={answer} />
      </ul>
    );
  } else if (replies.length > 0) {
    if (collapsesByDepth(depth) && !below) {
      // A reply just posted (or linked to) down here shows, and only the way to it.
      const forced = revealedIn(replies, view);
      const openBranch = () =>
        setView((v) => ({ ...v, openBranches: new Set(v.openBranches).add(answer.id) }));
      const rest = countReplies(replies) - countReplies(forced);
      children =
        forced.length > 0 ? (
          <ReplyList
            answers={forced}
            depth={depth + 1}
            opened={false}
            view={view}
            setView={setView}
            more={rest > 0 ? <ShowMore count={rest} onClick={openBranch} /> : null}
          />
        ) : (
          <ul
            className={cx(styles.list, styles.nested)}
            data-testid="reply-list"
            data-depth={depth + 1}
          >
            <ShowMore count={countReplies(replies)} onClick={openBranch} />
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
            ) : cut ? (
              <CutMore answer={answer} />
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
  answers: firstPage,
  answersNext = null,
  scope,
  onReport,
  ownerPage = false,
  askerView = false,
  heading = TEXT.replies,
  emptyText = UI.noReplies,
  revealId = null,
}: {
  questionId: number;
  /** The first page of the thread (the question's `answers`). */
  answers: AnswerNode[];
  /** Where the following pages start (the question's `answers_next`). */
  answersNext?: string | null;
  /** One group's replies (a perspective): its own pages, and no replies posted here. */
  scope?: string;
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
  const sentinel = useRef<HTMLDivElement>(null);

  const more = useMoreAnswers(questionId, scope ?? 'all', answersNext);
  const posted = usePostedReplies(questionId);
  const cut = useCutReplies(questionId, scope ?? 'all');
  // Each cut answer's loaded replies, and where the next page of them is.
  const loaded = useMemo(() => {
    const byParent = new Map<number, { answers: AnswerNode[]; next: string | null }>();
    for (const page of cut.pages) {
      const before = byParent.get(page.parent)?.answers ?? [];
      byParent.set(page.parent, { answers: [...before, ...page.answers], next: page.answers_next });
    }
    return byParent;
  }, [cut.pages]);
  const parts = useMemo(
    () =>
      mergeThreadParts({
        top: more.answers.length > 0 ? [...firstPage, ...more.answers] : firstPage,
        moreReplies: new Map([...loaded].map(([id, page]) => [id, page.answers])),
        posted: scope === undefined ? posted : [],
      }),
    [firstPage, more.answers, loaded, posted, scope],
  );
  const answers = useMemo(
    () => (parts.unplaced.length === 0 ? parts.placed : [...parts.placed, ...parts.unplaced]),
    [parts],
  );
  // Replies posted here whose page is not loaded yet belong after the pages still to come:
  // while there are such pages, they show below 'Load more replies'.
  const tail = more.hasMore ? parts.unplaced : [];
  const body = tail.length > 0 ? parts.placed : answers;

  // The rest of an answer's replies, a page at a time, each from where the last one ended.
  const { load: loadCut, stateOf } = cut;
  const loadReplies = useCallback(
    (answer: AnswerNode) => {
      const current = loaded.get(answer.id);
      const url = current ? current.next : (answer.replies_next ?? null);
      if (url !== null) loadCut(answer.id, url);
    },
    [loaded, loadCut],
  );
  const cutReplies = useCallback(
    (answer: AnswerNode): CutReplies | null => {
      const current = loaded.get(answer.id);
      if (answer.replies_more === undefined || current?.next === null) return null;
      const state = stateOf(answer.id);
      return {
        remaining: Math.max(1, answer.replies_more - (current?.answers.length ?? 0)),
        loading: state === 'loading',
        failed: state === 'failed',
      };
    },
    [loaded, stateOf],
  );

  // Near the end of the list, the next page loads by itself; the button stays for keyboards.
  // Not while a reply just posted waits below it: scrolling to that reply would load every
  // page, one after the other, and carry it far away (the button still loads them).
  const [autoLoad, setAutoLoad] = useState(true);
  useOnVisible(sentinel, more.load, autoLoad && more.hasMore && !more.loading && !more.failed);
  const loadMore = useCallback(() => {
    setAutoLoad(true);
    more.load();
  }, [more.load]);

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
    if (tail.some((answer) => answer.id === pending)) setAutoLoad(false);
    setView((v) => reveal(v, answers, pending));
    setTarget(pending);
    setPending(null);
  }

  // Once it is on the page: scroll to it, focus it, highlight it for a moment.
  useEffect(() => {
    if (target === null) return;
    const element = document.getElementById(answerAnchor(target));
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
      cutReplies,
      loadReplies,
    }),
    [
      questionId,
      ownerPage,
      askerView,
      editingId,
      replyingId,
      onReport,
      highlightId,
      cutReplies,
      loadReplies,
    ],
  );

  return (
    <section className={styles.replies} aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {askerView && answers.length > 0 && (
        <p className={styles.hint} data-testid="helped-hint">
          {OUTCOME_HINTS.helped}
        </p>
      )}
      {answers.length === 0 ? (
        <EmptyState>
          <p>{emptyText}</p>
        </EmptyState>
      ) : (
        <ThreadContext.Provider value={state}>
          <ReplyList answers={body} depth={0} opened={false} view={view} setView={setView} />
          {more.hasMore && (
            <>
              <div ref={sentinel} className={styles.sentinel} data-testid="replies-end" />
              {more.failed ? (
                <LoadError
                  message={MSG.loadQuestionFailed}
                  retrying={more.loading}
                  onRetry={loadMore}
                />
              ) : (
                <LoadMore loading={more.loading} onLoad={loadMore} label={TEXT.loadMoreReplies} />
              )}
            </>
          )}
          {tail.length > 0 && (
            <div className={styles.tail}>
              <ReplyList answers={tail} depth={0} opened={false} view={view} setView={setView} />
            </div>
          )}
        </ThreadContext.Provider>
      )}
    </section>
  );
}
