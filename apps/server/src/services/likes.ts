/**
 * Liking a question or an answer: once per user or anonymous session, in one statement, or
 * in one transaction with an idempotency key (repositories/likes.ts keeps the count exact). A repeat is a 400 with the
 * specification's message, which says who already liked it: you, or this session.
 * Unliking is idempotent: taking back a like that is not there changes nothing.
 */
import { API_MSG, type LikeResponse } from '@dating/contract';
import type { Author } from '../auth/identity.ts';
import type { Db, WriteClaim } from '../db/connection.ts';
import { badRequest, notFound } from '../lib/http-errors.ts';
import { addLike, type LikeResult, type LikeTarget, removeLike } from '../repositories/likes.ts';

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
  // Without a key the like is one statement, committed alone: no transaction to open.
  if (!key) return checked(await addLike(db, target, id, author));
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
