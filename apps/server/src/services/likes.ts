/**
 * Liking a question or an answer: once per user or anonymous session, in one statement
 * shared with the other likes arriving meanwhile (LikeBatches), or in one transaction with
 * an idempotency key (repositories/likes.ts keeps the count exact). A repeat is a 400 with
 * the specification's message, which says who already liked it: you, or this session.
 * Unliking is idempotent: taking back a like that is not there changes nothing.
 */
import { API_MSG, type LikeResponse } from '@dating/contract';
import type { Author } from '../auth/identity.ts';
import type { Db, WriteClaim } from '../db/connection.ts';
import { commitsAsItEnds } from '../db/deadline.ts';
import { WriteBatcher, type WriteBatchOptions } from '../db/write-batches.ts';
import { badRequest, notFound } from '../lib/http-errors.ts';
import {
  addLike,
  addLikes,
  type BatchedLikeResult,
  type LikeResult,
  type LikeTarget,
  type NewLike,
  removeLike,
} from '../repositories/likes.ts';

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

  async add(target: LikeTarget, itemId: number, by: Author): Promise<LikeResult> {
    const result = await this.batches[target].submit({ itemId, by });
    return result === 'busy' ? commitsAsItEnds(() => addLike(this.db, target, itemId, by)) : result;
  }
}

const REPEATED = {
  question: {
    user: API_MSG.alreadyLikedQuestionUser,
    session: API_MSG.alreadyLikedQuestionSession,
  },
  answer: { user: API_MSG.alreadyLikedAnswerUser, session: API_MSG.alreadyLikedAnswerSession },
} as const;

/**
 * `key`: the request's idempotency key, taken in a transaction with the like. A like that
 * is refused (a repeat, or a missing item) rolls it back, so that the key stays free.
 */
export async function likeOnce(
  db: Db,
  batches: LikeBatches,
  target: LikeTarget,
  id: number,
  author: Author,
  key?: WriteClaim<LikeResponse> | null,
): Promise<LikeResponse> {
  const checked = (result: LikeResult) => {
    if (result === 'missing') throw notFound();
    if (result === 'duplicate') {
      throw badRequest(REPEATED[target][author.userId !== null ? 'user' : 'session']);
    }
    return result;
  };
  // Without a key the like needs no transaction of its own: it can share a statement.
  if (!key) return checked(await batches.add(target, id, author));
  return db.transaction().execute(async (tx) => {
    await key.claim(tx);
    const result = checked(await addLike(tx, target, id, author));
    await key.keep(tx, result);
    return result;
  });
}

/** Takes back `author`'s like, if any; 404 when the item does not exist. */
export async function unlike(db: Db, target: LikeTarget, id: number, author: Author) {
  const result = await db.transaction().execute((tx) => removeLike(tx, target, id, author));
  if (result === 'missing') throw notFound();
}
