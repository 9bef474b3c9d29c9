/**
 * Liking a question or an answer: once per user or anonymous session, in one transaction
 * (repositories/likes.ts keeps the count exact). A repeat is a 400 with the
 * specification's message, which says who already liked it: you, or this session.
 */
import { API_MSG, type LikeResponse } from '@dating/contract';
import type { Author } from '../auth/identity.ts';
import type { Db } from '../db/connection.ts';
import { badRequest, notFound } from '../lib/http-errors.ts';
import { addLike, type LikeTarget } from '../repositories/likes.ts';

const REPEATED = {
  question: {
    user: API_MSG.alreadyLikedQuestionUser,
    session: API_MSG.alreadyLikedQuestionSession,
  },
  answer: { user: API_MSG.alreadyLikedAnswerUser, session: API_MSG.alreadyLikedAnswerSession },
} as const;

export async function likeOnce(
  db: Db,
  target: LikeTarget,
  id: number,
  author: Author,
): Promise<LikeResponse> {
  const result = await db.transaction().execute((tx) => addLike(tx, target, id, author));
  if (result === 'missing') throw notFound();
  if (result === 'duplicate') {
    throw badRequest(REPEATED[target][author.userId !== null ? 'user' : 'session']);
  }
  return result;
}
