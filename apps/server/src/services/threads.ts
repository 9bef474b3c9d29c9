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
 *
 * The detail call's response for strangers is kept too, as the bytes the route's response
 * schema wrote (`detailJson`): serializing a 200-answer thread is most of what is left of a
 * request once its rows are kept. Those bytes are what the guard let through for a stranger,
 * and they are served again only to a viewer who sees the question as a stranger would
 * (presenters/ownership.ts `seesAsStranger`), while the thread, the question's row (its `xmin`) and its tags are
 * the ones they were written from.
 *
 * What any response holds of the thread is one page of it (lib/thread-pages.ts): the detail
 * the first top-level answers, `answersPage` the following ones, or the rest of one answer's
 * replies, from the same whole thread, kept or presented afresh. The page is cut before the
 * viewer's likes are marked, so a viewer's request copies a page, not the thread. The
 * perspective counts and `answer_count` still describe the whole thread.
 */
import type { AnswerNode, AnswerPage, Perspectives, QuestionDetail, Tag } from '@dating/contract';
import { isOwner, STRANGER, type Viewer } from '../auth/identity.ts';
import { moderates } from '../auth/roles.ts';
import type { Executor } from '../db/connection.ts';
import { type Cursors, encodeThreadCursor, type ThreadCursor } from '../lib/cursor.ts';
import { notFound } from '../lib/http-errors.ts';
import { LruCache } from '../lib/lru-cache.ts';
import { SharedReads } from '../lib/shared-reads.ts';
import { findNode, pageOf } from '../lib/thread-pages.ts';
import { type AnswerRow, presentAnswerTree, withLiked } from '../presenters/answers.ts';
import { seesAsStranger } from '../presenters/ownership.ts';
import {
  isFiltered,
  type PerspectiveFilter,
  presentPerspectives,
  presentPerspectiveThread,
} from '../presenters/perspectives.ts';
import { isHiddenFrom, presentQuestionDetail, type QuestionRow } from '../presenters/questions.ts';
import { answersOfQuestion } from '../repositories/answers.ts';
import { isFollowing } from '../repositories/follows.ts';
import { likedAmong, likedAnswersOfQuestion } from '../repositories/likes.ts';
import { updatesOfQuestion } from '../repositories/outcomes.ts';
import { findQuestionWithTags } from '../repositories/questions.ts';
import type { WrittenQuestion } from './posts.ts';

/** Shorter threads are cheap to read each time; they are not kept. */
const MIN_ANSWERS_TO_KEEP = 20;
/**
 * The bound on what is kept, in bytes, roughly (see `weightOf`): room for a 10,000-answer
 * thread (about 11 MB) beside the others, which is when keeping matters most.
 */
const MAX_KEPT_BYTES = 32_000_000;
/** What one presented answer costs beyond its text: its object, strings and row. */
const BYTES_PER_ANSWER = 600;

interface KeptThread {
  version: string;
  rows: AnswerRow[];
  /** The thread as strangers see it; shared by every such request, never mutated. */
  strangers: readonly AnswerNode[];
  strangerPerspectives: Readonly<Perspectives>;
  /** The whole detail response as strangers get it, the question's state it shows, its next page. */
  strangersResponse?: { stamp: string; body: Buffer; next: string | null };
  /** `strangers` by id, made when a page of some answer's replies is first asked for. */
  byId?: Map<number, AnswerNode>;
}

/** A thread as one viewer gets it, before it is cut into pages. */
interface ViewerThread {
  /** The whole tree (possibly the kept one, shared: never mutated). */
  answers: readonly AnswerNode[];
  /** The likes still to mark on a page (empty when `answers` has them already). */
  liked: ReadonlySet<number>;
  perspectives: Perspectives;
  /** The answer of this id in `answers`, or null. */
  find: (id: number) => AnswerNode | null;
}

/** A detail response's JSON and the address of its next page of answers (`Link`). */
export interface DetailJson {
  json: string | Buffer;
  next: string | null;
}

/** What the detail call reads before the thread. */
interface QuestionOfViewer {
  row: QuestionRow & { thread_version: string; row_version: string };
  tags: Tag[];
  liked: { question: boolean; answers: Promise<ReadonlySet<number>> };
  /** Whether the viewer follows the question. */
  following: boolean;
}

/** The detail response's JSON, written by the route's response schema. */
export type DetailSerializer = (detail: QuestionDetail) => string;

/** Everything a stranger's detail response shows besides the thread: the row and its tags. */
function stampOf(row: { row_version: string }, tags: readonly Tag[]): string {
  return `${row.row_version}:${tags.map((tag) => tag.id).join(',')}`;
}

function weightOf(rows: AnswerRow[]): number {
  // A text is one string, shared by the row and the presented answer: 1 or 2 bytes a
  // character in V8.
  return rows.reduce((sum, row) => sum + BYTES_PER_ANSWER + row.text.length * 2, 0);
}

/** The API address of a page of a question's thread. */
function pageAddress(cursors: Cursors, cursor: ThreadCursor): string {
  const raw = encodeThreadCursor(cursors, cursor);
  return `/api/questions/${cursor.question}/answers/?cursor=${encodeURIComponent(raw)}`;
}

export class ThreadService {
  private readonly kept = new LruCache<number, KeptThread>(MAX_KEPT_BYTES);

  constructor(private readonly cursors: Cursors) {}

  /**
   * The question with the first page of its thread as `viewer` sees it, or of only the
   * replies of one group when `filter` names one (presenters/perspectives.ts); null when
   * there is none.
   */
  async detail(
    db: Executor,
    viewer: Viewer,
    id: number,
    filter: PerspectiveFilter = {},
  ): Promise<QuestionDetail | null> {
    const question = await this.question(db, viewer, id);
    if (!question) return null;
    return this.present(db, viewer, question, filter);
  }

  /**
   * A question its asker has just written, as the detail call would show it to them: no
   * replies, no updates, no likes yet; read from what the write returned, not again.
   */
  asked(viewer: Viewer, { row, tags, following }: WrittenQuestion): QuestionDetail {
    return presentQuestionDetail(
      viewer,
      row,
      tags,
      { answers: [], next: null, perspectives: presentPerspectives(viewer, []), updates: [] },
      { liked: false, following },
    );
  }

  /**
   * The detail call's response as JSON, written by `serialize` (the route's response
   * schema): kept bytes for a viewer who sees a long thread as a stranger, at the versions
   * they were written at; otherwise the detail presented for `viewer` and serialized.
   */
  async detailJson(
    db: Executor,
    viewer: Viewer,
    id: number,
    filter: PerspectiveFilter,
    serialize: DetailSerializer,
  ): Promise<DetailJson | null> {
    const question = await this.question(db, viewer, id);
    if (!question) return null;
    const { row, tags, liked } = question;
    const stamp = stampOf(row, tags);
    const servesKept = async (thread: KeptThread | undefined): Promise<boolean> =>
      !isFiltered(filter) &&
      thread?.version === row.thread_version &&
      seesAsStranger(viewer, {
        posts: [row, ...thread.rows],
        likesAny: liked.question || (await liked.answers).size > 0,
        // A hidden question or reply of the viewer's is one of `posts`.
        ownsHidden: false,
        follows: question.following,
      });

    const kept = this.kept.get(id);
    if (kept?.strangersResponse?.stamp === stamp && (await servesKept(kept))) {
      return { json: kept.strangersResponse.body, next: kept.strangersResponse.next };
    }
    const detail = await this.present(db, viewer, question, filter);
    const json = serialize(detail);
    const next = detail.answers_next;
    const thread = this.kept.get(id);
    if (thread !== undefined && (await servesKept(thread))) {
      const body = Buffer.from(json);
      this.kept.set(
        id,
        { ...thread, strangersResponse: { stamp, body, next } },
        weightOf(thread.rows) + body.length,
      );
    }
    return { json, next };
  }

  /**
   * The page of a question's thread `cursor` points at: the following top-level answers,
   * or the following replies of one answer, as `viewer` sees them. A 404 when the question
   * is gone or hidden from the viewer, or the answer is not in its thread (any more).
   */
  async answersPage(db: Executor, viewer: Viewer, cursor: ThreadCursor): Promise<AnswerPage> {
    const question = await this.question(db, viewer, cursor.question);
    if (!question || isHiddenFrom(viewer, question.row)) throw notFound();
    const filter: PerspectiveFilter = { gender: cursor.gender, ageRange: cursor.ageRange };
    const { row, liked } = question;
    const thread = await this.thread(db, viewer, row.id, row.thread_version, filter, liked.answers);
    let siblings = thread.answers;
    if (cursor.parent !== null) {
      const parent = thread.find(cursor.parent);
      if (parent === null) throw notFound();
      siblings = parent.replies;
    }
    const page = this.page(thread, siblings, cursor);
    return { answers: page.answers, answers_next: page.next };
  }

  /**
   * The page of `siblings` that `at` points at (the top level when its parent is null),
   * with the viewer's likes marked, and the address of the next one.
   */
  private page(
    thread: ViewerThread,
    siblings: readonly AnswerNode[],
    at: ThreadCursor,
  ): { answers: AnswerNode[]; next: string | null } {
    const { question, parent, after, ...group } = at;
    const page = pageOf(siblings, after, parent === null, (of, last) =>
      pageAddress(this.cursors, {
        question,
        parent: of,
        after: last === null ? null : { id: last, helped: false },
        ...group,
      }),
    );
    return {
      answers: withLiked(page.answers, thread.liked),
      next:
        page.next === null
          ? null
          : pageAddress(this.cursors, { question, parent, after: page.next, ...group }),
    };
  }

  /** The question's row, its tags and what the viewer liked of it; null when there is none. */
  /**
   * The question's row and tags, read for every viewer alike: requests for one question at
   * the same moment share a read sent after they arrived (lib/shared-reads.ts), per
   * executor (a transaction's reads are its own).
   */
  private readonly questionReads = new WeakMap<
    Executor,
    SharedReads<number, Awaited<ReturnType<typeof findQuestionWithTags>>>
  >();

  private readQuestion(db: Executor, id: number) {
    let reads = this.questionReads.get(db);
    if (reads === undefined) {
      reads = new SharedReads((question: number) => findQuestionWithTags(db, question));
      this.questionReads.set(db, reads);
    }
    return reads.get(id);
  }

  private async question(
    db: Executor,
    viewer: Viewer,
    id: number,
  ): Promise<QuestionOfViewer | null> {
    const found = await this.readQuestion(db, id);
    if (!found) return null;
    const { tags, ...row } = found;
    // Started now, awaited with the thread (or to compare with a kept response). Should
    // another read fail first, this one's failure is not left unhandled (it would end the
    // process); whoever awaits it still gets it.
    const likedAnswers = likedAnswersOfQuestion(db, id, viewer);
    likedAnswers.catch(() => {});
    const [likedQuestion, following] = await Promise.all([
      likedAmong(db, 'question', [id], viewer),
      isFollowing(db, id, viewer),
    ]);
    return {
      row,
      tags,
      liked: { question: likedQuestion.has(id), answers: likedAnswers },
      following,
    };
  }

  /** The question with its thread, presented for `viewer`. */
  private async present(
    db: Executor,
    viewer: Viewer,
    { row, tags, liked, following }: QuestionOfViewer,
    filter: PerspectiveFilter,
  ): Promise<QuestionDetail> {
    const [thread, updates] = await Promise.all([
      this.thread(db, viewer, row.id, row.thread_version, filter, liked.answers),
      row.update_count > 0 ? updatesOfQuestion(db, row.id) : [],
    ]);
    const first = this.page(thread, thread.answers, {
      question: row.id,
      parent: null,
      after: null,
      ...(filter.gender === undefined ? {} : { gender: filter.gender }),
      ...(filter.ageRange === undefined ? {} : { ageRange: filter.ageRange }),
    });
    return presentQuestionDetail(
      viewer,
      row,
      tags,
      { answers: first.answers, next: first.next, perspectives: thread.perspectives, updates },
      {
        liked: liked.question,
        following,
      },
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
  ): Promise<ViewerThread> {
    let thread = this.kept.get(questionId);
    let liked: ReadonlySet<number>;
    if (thread?.version !== version) {
      // Read after the question row, on the same server: these rows are at least as new as
      // `version`.
      const [rows, likedIds] = await Promise.all([answersOfQuestion(db, questionId), likedAnswers]);
      liked = likedIds;
      // A replica that lags (db/read-replicas.ts) reads an older version: what it read is
      // right for its reader, but does not displace the newer thread kept for the others.
      const keepsNewer = thread !== undefined && BigInt(thread.version) > BigInt(version);
      if (rows.length < MIN_ANSWERS_TO_KEEP) {
        if (!keepsNewer) this.kept.delete(questionId);
        return ThreadService.presented(viewer, rows, filter, liked);
      }
      thread = {
        version,
        rows,
        strangers: presentAnswerTree(STRANGER, rows, new Set()),
        strangerPerspectives: presentPerspectives(STRANGER, rows),
      };
      if (!keepsNewer) this.kept.set(questionId, thread, weightOf(rows));
    } else {
      liked = await likedAnswers;
    }
    if (isFiltered(filter) || ThreadService.wroteIn(viewer, thread.rows)) {
      return ThreadService.presented(viewer, thread.rows, filter, liked);
    }
    const kept = thread;
    return {
      answers: kept.strangers,
      liked,
      perspectives: kept.strangerPerspectives as Perspectives,
      find: (id) => {
        if (kept.byId === undefined) {
          const byId = new Map<number, AnswerNode>();
          const stack = [...kept.strangers];
          for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
            byId.set(node.id, node);
            for (const reply of node.replies) stack.push(reply);
          }
          kept.byId = byId;
        }
        return kept.byId.get(id) ?? null;
      },
    };
  }

  /** The thread presented afresh for `viewer`: whole, or one group's replies. */
  private static presented(
    viewer: Viewer,
    rows: AnswerRow[],
    filter: PerspectiveFilter,
    liked: ReadonlySet<number>,
  ): ViewerThread {
    const answers = isFiltered(filter)
      ? presentPerspectiveThread(viewer, rows, filter, liked)
      : presentAnswerTree(viewer, rows, liked);
    return {
      answers,
      liked: new Set(),
      perspectives: presentPerspectives(viewer, rows),
      find: (id) => findNode(answers, id),
    };
  }

  /**
   * Whether the thread is presented for this viewer rather than for strangers: they wrote
   * an answer of it, or they are an admin (who sees hidden answers as they are).
   */
  private static wroteIn(viewer: Viewer, rows: AnswerRow[]): boolean {
    if (viewer.user === null && viewer.sessionHash === null) return false;
    if (moderates(viewer.user)) return true;
    return rows.some((row) => isOwner(viewer, row));
  }
}
