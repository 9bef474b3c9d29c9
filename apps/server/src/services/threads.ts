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
 */
import type { AnswerNode, QuestionDetail } from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import { isOwner } from '../auth/identity.ts';
import type { Executor } from '../db/connection.ts';
import { LruCache } from '../lib/lru-cache.ts';
import { type AnswerRow, presentAnswerTree, withLiked } from '../presenters/answers.ts';
import { presentQuestionDetail } from '../presenters/questions.ts';
import { answersOfQuestion } from '../repositories/answers.ts';
import { likedAmong, likedAnswersOfQuestion } from '../repositories/likes.ts';
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
}

function weightOf(rows: AnswerRow[]): number {
  return rows.reduce((sum, row) => sum + BYTES_PER_ANSWER + row.text.length * 4, 0);
}

export class ThreadService {
  private readonly kept = new LruCache<number, KeptThread>(MAX_KEPT_BYTES);

  /** The question with its whole thread as `viewer` sees it, or null when there is none. */
  async detail(db: Executor, viewer: Viewer, id: number): Promise<QuestionDetail | null> {
    const row = await findQuestion(db, id);
    if (!row) return null;
    const likedAnswers = likedAnswersOfQuestion(db, id, viewer);
    const [tags, likedQuestion, answers] = await Promise.all([
      tagsOfQuestions(db, [id]),
      likedAmong(db, 'question', [id], viewer),
      this.answers(db, viewer, id, row.thread_version, likedAnswers),
    ]);
    return presentQuestionDetail(viewer, row, tags.get(id) ?? [], answers, likedQuestion.has(id));
  }

  /** The thread of a question whose row showed `version`, presented for `viewer`. */
  private async answers(
    db: Executor,
    viewer: Viewer,
    questionId: number,
    version: string,
    likedAnswers: Promise<ReadonlySet<number>>,
  ): Promise<AnswerNode[]> {
    let thread = this.kept.get(questionId);
    let liked: ReadonlySet<number>;
    if (thread?.version !== version) {
      // Read after the question row: these rows are at least as new as `version`.
      const [rows, likedIds] = await Promise.all([answersOfQuestion(db, questionId), likedAnswers]);
      liked = likedIds;
      if (rows.length < MIN_ANSWERS_TO_KEEP) {
        this.kept.delete(questionId);
        return presentAnswerTree(viewer, rows, liked);
      }
      thread = { version, rows, strangers: presentAnswerTree(STRANGER, rows, new Set()) };
      this.kept.set(questionId, thread, weightOf(rows));
    } else {
      liked = await likedAnswers;
    }
    return ThreadService.wroteIn(viewer, thread.rows)
      ? presentAnswerTree(viewer, thread.rows, liked)
      : withLiked(thread.strangers, liked);
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
