/**
 * The asker's outcomes. Only the asker (the signed-in owner, or the owning
 * anonymous key: auth/identity.ts `isOwner`) marks replies "This helped", at most
 * `LIMITS.helpfulPerQuestionMax` a question, and adds dated updates, at most
 * `LIMITS.updatesPerQuestionMax`. Each write locks the question row first and counts on
 * it in the same transaction, so concurrent marks or updates cannot pass the limits, and
 * whatever watches the row or the thread version sees the change at once. Marking a reply
 * tells its author, and an update tells the question's followers (services/notifications.ts).
 */
import { LIMITS } from '@dating/contract';
import { isOwner, type Viewer } from '../auth/identity.ts';
import type { Db, WriteClaim } from '../db/connection.ts';
import { badRequest, fieldError, forbidden, notFound } from '../lib/http-errors.ts';
import type { AnswerRow } from '../presenters/answers.ts';
import { visibleTo } from '../presenters/ownership.ts';
import type { QuestionUpdateRow } from '../presenters/questions.ts';
import { findAnswerForUpdate } from '../repositories/answers.ts';
import {
  findQuestionOutcomesForUpdate,
  insertQuestionUpdate,
  questionOfAnswer,
  setAnswerHelpful,
} from '../repositories/outcomes.ts';
import { changeHelpfulCount } from '../repositories/questions.ts';
import { tellOfHelped, tellOfUpdate } from './notifications.ts';
import { applyWatchedWord, type WatchedWords } from './watched-words.ts';

/**
 * Marks (`helpful`) or unmarks a reply for the asker. Idempotent: marking a marked reply,
 * or unmarking an unmarked one, changes nothing and answers the reply as it is.
 */
export async function setHelpful(
  db: Db,
  viewer: Viewer,
  answerId: number,
  helpful: boolean,
): Promise<AnswerRow> {
  return db.transaction().execute(async (tx) => {
    const questionId = await questionOfAnswer(tx, answerId);
    if (questionId === null) throw notFound();
    const question = await findQuestionOutcomesForUpdate(tx, questionId);
    // A question hidden from the viewer is answered as one that is not there.
    if (!question || !visibleTo(viewer, question, question)) throw notFound();
    if (!isOwner(viewer, question)) throw forbidden();
    const answer = await findAnswerForUpdate(tx, answerId);
    if (!answer || answer.is_deleted || answer.question_id !== questionId) throw notFound();
    if (answer.helpful === helpful) return answer;
    if (helpful) {
      if (isOwner(viewer, answer)) throw badRequest('helpfulOwnReply');
      if (answer.hidden_at !== null) throw badRequest('helpfulHidden');
      if (question.helpful_count >= LIMITS.helpfulPerQuestionMax) {
        throw badRequest('helpfulLimit');
      }
    }
    const updated = await setAnswerHelpful(tx, answerId, helpful);
    await changeHelpfulCount(tx, questionId, helpful ? 1 : -1);
    if (helpful) await tellOfHelped(tx, question, answer);
    return updated;
  });
}

/** An update's text: plain text, trimmed, 1 to `LIMITS.updateTextMax` characters. */
export function cleanUpdateText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw fieldError('text', 'updateEmpty');
  // Characters as PostgreSQL counts them (code points), as the table's check does.
  if ([...trimmed].length > LIMITS.updateTextMax) {
    throw fieldError('text', 'updateTooLong');
  }
  return trimmed;
}

/**
 * Adds an update to the asker's question. `key`: the request's idempotency key, taken in
 * the same transaction (plugins/idempotency.ts). Watched words apply to the update as to a
 * post: a `block` rule refuses it, a `review` or `flag` rule holds or flags its question.
 */
export async function addUpdate(
  db: Db,
  viewer: Viewer,
  questionId: number,
  text: string,
  watchedWords: WatchedWords,
  key?: WriteClaim<QuestionUpdateRow> | null,
): Promise<QuestionUpdateRow> {
  const watched = await watchedWords.screen({ text: [text] });
  return db.transaction().execute(async (tx) => {
    await key?.claim(tx);
    const question = await findQuestionOutcomesForUpdate(tx, questionId);
    if (!question || !visibleTo(viewer, question, question)) throw notFound();
    if (!isOwner(viewer, question)) throw forbidden();
    if (question.update_count >= LIMITS.updatesPerQuestionMax) {
      throw badRequest('updateLimit');
    }
    const update = await insertQuestionUpdate(tx, questionId, text);
    const held =
      watched !== null &&
      (await applyWatchedWord(tx, { type: 'question', id: questionId }, watched));
    // A question held for review now shows its followers nothing new.
    if (!held) await tellOfUpdate(tx, question, text);
    await key?.keep(tx, update);
    return update;
  });
}
