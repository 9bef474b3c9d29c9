/**
 * Following and unfollowing a question, for an account or an anonymous key. A question
 * that is not there, or hidden from the requester, is 404 either way.
 */
import { LIMITS } from '@dating/contract';
import type { Author, Viewer } from '../auth/identity.ts';
import type { Db, Executor } from '../db/connection.ts';
import { badRequest, notFound } from '../lib/http-errors.ts';
import { visibleTo } from '../presenters/ownership.ts';
import { countFollows, follow, isFollowing, unfollow } from '../repositories/follows.ts';
import { findQuestion } from '../repositories/questions.ts';

const FOREIGN_KEY_VIOLATION = '23503';

export const FOLLOW_LIMIT_MSG = `You can follow at most ${LIMITS.followsMax.toLocaleString('en')} questions at once: unfollow some to follow this one.`;

/** Runs `work` on a question the viewer can see; 404 when there is none (or it went meanwhile). */
async function onVisibleQuestion(
  db: Db,
  viewer: Viewer,
  id: number,
  work: (tx: Executor) => Promise<void>,
) {
  try {
    await db.transaction().execute(async (tx) => {
      const question = await findQuestion(tx, id);
      if (!question || !visibleTo(viewer, question, question)) throw notFound();
      await work(tx);
    });
  } catch (error) {
    // The question was deleted between the check and the write.
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw notFound();
    throw error;
  }
}

export function followQuestion(db: Db, viewer: Viewer, author: Author, questionId: number) {
  return onVisibleQuestion(db, viewer, questionId, async (tx) => {
    if (await isFollowing(tx, questionId, viewer)) return;
    if ((await countFollows(tx, author)) >= LIMITS.followsMax) throw badRequest('followLimit');
    await follow(tx, questionId, author);
  });
}

export function unfollowQuestion(db: Db, viewer: Viewer, author: Author, questionId: number) {
  return onVisibleQuestion(db, viewer, questionId, (tx) => unfollow(tx, questionId, author));
}
