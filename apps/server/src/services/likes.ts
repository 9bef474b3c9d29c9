/**
 * Liking a question or an answer: once per user or anonymous session, in one statement
 * shared with the other likes arriving meanwhile (LikeBatches), or in one transaction with
 * an idempotency key (repositories/likes.ts keeps the count exact). A repeat is a 400 with
 * the specification's message, which says who already liked it: you, or this session.
 * Unliking is idempotent: taking back a like that is not there changes nothing. An item
 * hidden from the liker (presenters/ownership.ts `visibleTo`) is not there for them: 404
 * to a like and to an unlike alike.
 */
import type { LikeResponse } from '@dating/contract';
import { requireAuthor, type Viewer } from '../auth/identity.ts';
import type { Db, Executor, WriteClaim } from '../db/connection.ts';
import { commitsAsItEnds } from '../db/deadline.ts';
import { WriteBatcher, type WriteBatchOptions } from '../db/write-batches.ts';
import { badRequest, notFound } from '../lib/http-errors.ts';
import { visibleTo } from '../presenters/ownership.ts';
import {
  addLike,
  addLikes,
  type BatchedLikeResult,
  type LikeResult,
  type LikeTarget,
  type NewLike,
  removeLike,
} from '../repositories/likes.ts';
import { findPostVisibility } from '../repositories/questions.ts';

/** Whether the viewer sees the item (a question, or an answer with its question). */
async function sees(db: Executor, viewer: Viewer, target: LikeTarget, id: number) {
  const seen = await findPostVisibility(db, { type: target, id });
  return seen !== undefined && visibleTo(viewer, seen.post, seen.question);
}

/**
 * Four statements of likes at once at most (of the pool's ten connections by default); the
 * likes arriving while four run make the next one, up to 100 in a statement.
 */
const LIKE_BATCHES: WriteBatchOptions = { maxInFlight: 4, maxBatch: 100 };

/**
 * Likes written without an idempotency key: the likes that arrive while others are being
 * written share one statement and one commit (db/write-batches.ts), the cost of a like being
 * mostly its commit. A like whose item another transaction holds is written alone, waiting
 * for it as a like always did (under the lock timeout), so that the batch does not wait.
 */
export class LikeBatches {
  private readonly batches: Record<LikeTarget, WriteBatcher<NewLike, BatchedLikeResult>>;

  constructor(
    private readonly db: Db,
    options: WriteBatchOptions = LIKE_BATCHES,
  ) {
    const batcher = (target: LikeTarget) =>
      new WriteBatcher(
        (likes: readonly NewLike[]) => commitsAsItEnds(() => addLikes(db, target, likes)),
        options,
      );
    this.batches = { question: batcher('question'), answer: batcher('answer') };
  }

  async add(target: LikeTarget, itemId: number, by: NewLike['by']): Promise<LikeResult> {
    const result = await this.batches[target].submit({ itemId, by });
    return result === 'busy' ? commitsAsItEnds(() => addLike(this.db, target, itemId, by)) : result;
  }
}

const REPEATED = {
  question: {
    user: 'alreadyLikedQuestionUser',
    session: 'alreadyLikedQuestionSession',
  },
  answer: { user: 'alreadyLikedAnswerUser', session: 'alreadyLikedAnswerSession' },
} as const;

/**
 * `viewer` likes the item. `key`: the request's idempotency key, taken in a transaction
 * with the like. A like that is refused (a repeat, or a missing item) rolls it back, so
 * that the key stays free. A like of an item hidden from strangers is written alone, and
 * only when the viewer sees it.
 */
export async function likeOnce(
  db: Db,
  batches: LikeBatches,
  target: LikeTarget,
  id: number,
  viewer: Viewer,
  key?: WriteClaim<LikeResponse> | null,
): Promise<LikeResponse> {
  const author = requireAuthor(viewer);
  const checked = (result: LikeResult) => {
    if (result === 'missing') throw notFound();
    if (result === 'hidden') throw new Error('a like of a hidden item was not decided');
    if (result === 'duplicate') {
      throw badRequest(REPEATED[target][author.userId !== null ? 'user' : 'session']);
    }
    return result;
  };
  const hidden = async (tx: Executor, result: LikeResult) => {
    if (result !== 'hidden') return result;
    if (!(await sees(tx, viewer, target, id))) return 'missing';
    return addLike(tx, target, id, author, 'any');
  };
  // Without a key the like needs no transaction of its own: it can share a statement.
  if (!key) return checked(await hidden(db, await batches.add(target, id, author)));
  return db.transaction().execute(async (tx) => {
    await key.claim(tx);
    const result = checked(await hidden(tx, await addLike(tx, target, id, author)));
    await key.keep(tx, result);
    return result;
  });
}

/** Takes back `viewer`'s like, if any; 404 when the item does not exist or is hidden from them. */
export async function unlike(db: Db, target: LikeTarget, id: number, viewer: Viewer) {
  const author = requireAuthor(viewer);
  const result = await db
    .transaction()
    .execute(async (tx) =>
      (await sees(tx, viewer, target, id)) ? removeLike(tx, target, id, author) : 'missing',
    );
  if (result === 'missing') throw notFound();
}
