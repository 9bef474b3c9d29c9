/**
 * The answers of a question, as the detail call shows them. A long thread is costly to
 * read and present (a 200-answer one is most of a request's time), so threads of many
 * answers are kept per process with the thread version they were read at (migration
 * 0003). The detail call reads the question row anyway, and its version says whether the
 * copy is current: every instance stays exact without telling the others anything.
 *
 * The copy holds the rows and the thread as anyone but its authors sees it, serialized.
 * A visitor who wrote nothing in the thread gets that JSON as it is; an author gets the
 * thread presented afresh from the rows, with their own answers marked (privacy rule).
 */
import type { Viewer } from '../auth/identity.ts';
import { isOwner } from '../auth/identity.ts';
import type { Executor } from '../db/connection.ts';
import { LruCache } from '../lib/lru-cache.ts';
import { type AnswerRow, presentAnswerTree } from '../presenters/answers.ts';
import { answersOfQuestion } from '../repositories/answers.ts';

/** Shorter threads are cheap to read each time; they are not kept. */
const MIN_ANSWERS_TO_KEEP = 20;
/** The bound on what is kept, in characters of JSON and text (about 2 bytes each). */
const MAX_KEPT_CHARS = 8_000_000;

/** Nobody: the thread as a visitor who wrote none of it sees it. */
const STRANGER: Viewer = { user: null, sessionId: null, sessionHash: null };

export interface Thread {
  rows: AnswerRow[];
  /** The thread as strangers see it, serialized; only for kept threads. */
  strangersJson?: string;
}

interface KeptThread extends Required<Thread> {
  version: string;
}

export class ThreadService {
  private readonly kept = new LruCache<number, KeptThread>(MAX_KEPT_CHARS);

  /** The thread of a question whose row showed `version`. */
  async load(db: Executor, questionId: number, version: string): Promise<Thread> {
    const hit = this.kept.get(questionId);
    if (hit?.version === version) return hit;
    // Read after the question row: these rows are at least as new as `version`.
    const rows = await answersOfQuestion(db, questionId);
    if (rows.length < MIN_ANSWERS_TO_KEEP) {
      this.kept.delete(questionId);
      return { rows };
    }
    const strangersJson = JSON.stringify(presentAnswerTree(STRANGER, rows));
    const thread = { rows, strangersJson, version };
    this.kept.set(questionId, thread, strangersJson.length * 2);
    return thread;
  }

  /** Whether the viewer wrote any answer of the thread (then it is presented for them). */
  static wroteIn(viewer: Viewer, thread: Thread): boolean {
    if (viewer.user === null && viewer.sessionHash === null) return false;
    return thread.rows.some((row) => isOwner(viewer, row));
  }
}
