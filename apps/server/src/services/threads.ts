/**
 * A question with its thread, as the detail call shows it to one viewer. A long thread is
 * costly to read and present (a 200-answer one is most of a request's time), so threads
 * of many answers are kept per process with the thread version they were read at
 * (migration 0003). The detail call reads the question row anyway, and its version says
 * whether the copy is current: every instance stays exact without telling the others.
 *
 * What is kept is the thread presented for a stranger (a viewer who wrote none of it),
 * as the same objects a fresh read would produce: the route's response schema serializes
 * and filters them like any other response, so the privacy guard is one, cached or not.
 * An author gets the thread presented afresh from the rows, with their own answers marked.
 * The viewer's likes are read apart from what is kept (one query for the thread's liked
 * ids) and marked on a copy (presenters/answers.ts `withLiked`): a viewer's flags are
 * never kept, and never shown to another.
 *
 * Beside the thread: the perspective counts (kept for strangers with the thread), a thread
 * filtered to one group (presented afresh: a subset), and the asker's updates, read when
 * the question row counts any (migration 0011: the row changes with every update).
 */
import type { AnswerNode, Perspectives, QuestionDetail } from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import { isOwner } from '../auth/identity.ts';
import type { Executor } from '../db/connection.ts';
import { LruCache } from '../lib/lru-cache.ts';
import { type AnswerRow, presentAnswerTree, withLiked } from '../presenters/answers.ts';
import {
  isFiltered,
  type PerspectiveFilter,
  presentPerspectives,
  presentPerspectiveThread,
} from '../presenters/perspectives.ts';
import { presentQuestionDetail } from '../presenters/questions.ts';
import { answersOfQuestion } from '../repositories/answers.ts';
import { likedAmong, likedAnswersOfQuestion } from '../repositories/likes.ts';
import { updatesOfQuestion } from '../repositories/outcomes.ts';
import { findQuestion } from '../repositories/questions.ts';
import { tagsOfQuestions } from '../repositories/tags.ts';

/** Shorter threads are cheap to read each time; they are not kept. */
const MIN_ANSWERS_TO_KEEP = 20;
/** The bound on what is kept, in bytes, roughly (see `weightOf`). */
const MAX_KEPT_BYTES = 16_000_000;
/** What one presented answer costs beyond its text: its object, strings and row. */
const BYTES_PER_ANSWER = 600;

/** Nobody: the thread as a visitor who wrote none of it sees it. */
const STRANGER: Viewer = { user: null, sessionId: null, sessionHash: null };

interface KeptThread {
  version: string;
  rows: AnswerRow[];
  /** The thread as strangers see it; shared by every such request, never mutated. */
  strangers: readonly AnswerNode[];
  strangerPerspectives: Readonly<Perspectives>;
}

function weightOf(rows: AnswerRow[]): number {
  return rows.reduce((sum, row) => sum + BYTES_PER_ANSWER + row.text.length * 4, 0);
}

export class ThreadService {
  private readonly kept = new LruCache<number, KeptThread>(MAX_KEPT_BYTES);

  /**
   * The question with its whole thread as `viewer` sees it, or only the replies of one
   * group when `filter` names one (presenters/perspectives.ts); null when there is none.
   */
  async detail(
    db: Executor,
    viewer: Viewer,
    id: number,
    filter: PerspectiveFilter = {},
  ): Promise<QuestionDetail | null> {
    const row = await findQuestion(db, id);
    if (!row) return null;
    const likedAnswers = likedAnswersOfQuestion(db, id, viewer);
    const [tags, likedQuestion, thread, updates] = await Promise.all([
      tagsOfQuestions(db, [id]),
      likedAmong(db, 'question', [id], viewer),
      this.thread(db, viewer, id, row.thread_version, filter, likedAnswers),
      row.update_count > 0 ? updatesOfQuestion(db, id) : [],
    ]);
    return presentQuestionDetail(
      viewer,
      row,
      tags.get(id) ?? [],
      { ...thread, updates },
      likedQuestion.has(id),
    );
  }

  /** The thread of a question whose row showed `version`, presented for `viewer`. */
  private async thread(
    db: Executor,
    viewer: Viewer,
    questionId: number,
    version: string,
    filter: PerspectiveFilter,
    likedAnswers: Promise<ReadonlySet<number>>,
  ): Promise<{ answers: AnswerNode[]; perspectives: Perspectives }> {
    let thread = this.kept.get(questionId);
    let liked: ReadonlySet<number>;
    if (thread?.version !== version) {
      // Read after the question row: these rows are at least as new as `version`.
      const [rows, likedIds] = await Promise.all([answersOfQuestion(db, questionId), likedAnswers]);
      liked = likedIds;
      if (rows.length < MIN_ANSWERS_TO_KEEP) {
        this.kept.delete(questionId);
        return ThreadService.presented(viewer, rows, filter, liked);
      }
      thread = {
        version,
        rows,
        strangers: presentAnswerTree(STRANGER, rows, new Set()),
        strangerPerspectives: presentPerspectives(STRANGER, rows),
      };
      this.kept.set(questionId, thread, weightOf(rows));
    } else {
      liked = await likedAnswers;
    }
    if (isFiltered(filter) || ThreadService.wroteIn(viewer, thread.rows)) {
      return ThreadService.presented(viewer, thread.rows, filter, liked);
    }
    return {
      answers: withLiked(thread.strangers, liked),
      perspectives: thread.strangerPerspectives as Perspectives,
    };
  }

  /** The thread presented afresh for `viewer`: whole, or one group's replies. */
  private static presented(
    viewer: Viewer,
    rows: AnswerRow[],
    filter: PerspectiveFilter,
    liked: ReadonlySet<number>,
  ) {
    return {
      answers: isFiltered(filter)
        ? presentPerspectiveThread(viewer, rows, filter, liked)
        : presentAnswerTree(viewer, rows, liked),
      perspectives: presentPerspectives(viewer, rows),
    };
  }

  /**
   * Whether the thread is presented for this viewer rather than for strangers: they wrote
   * an answer of it, or they are an admin (who sees hidden answers as they are).
   */
  private static wroteIn(viewer: Viewer, rows: AnswerRow[]): boolean {
    if (viewer.user === null && viewer.sessionHash === null) return false;
    if (viewer.user?.is_staff) return true;
    return rows.some((row) => isOwner(viewer, row));
  }
}
