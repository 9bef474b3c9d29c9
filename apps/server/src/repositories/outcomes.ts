/** The asker's outcomes (migration 0011): replies marked "This helped", and dated updates. */
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import { ANSWER_COLUMNS } from './answers.ts';

/**
 * Locks a question for a change to its outcomes, with what the rules need: its owner and
 * its counts. Taken before any answer row, the order every writer of a thread keeps.
 */
export function findQuestionOutcomesForUpdate(db: Executor, id: number) {
  return db
    .selectFrom('questions')
    .select(['id', 'user_id', 'session_hash', 'hidden_at', 'helpful_count', 'update_count'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The question an answer belongs to, without locking anything (null: no such answer). */
export async function questionOfAnswer(db: Executor, answerId: number): Promise<number | null> {
  const row = await db
    .selectFrom('answers')
    .select('question_id')
    .where('id', '=', answerId)
    .executeTakeFirst();
  return row?.question_id ?? null;
}

/** Marks or unmarks an answer; its thread's version is bumped by trigger (migration 0003). */
export function setAnswerHelpful(db: Executor, id: number, helpful: boolean) {
  return db
    .updateTable('answers')
    .set({ helpful })
    .where('id', '=', id)
    .returning(ANSWER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Adds an update and counts it on the question row; call with that row locked. */
export async function insertQuestionUpdate(db: Executor, questionId: number, text: string) {
  const row = await db
    .insertInto('question_updates')
    .values({ question_id: questionId, text })
    .returning(['id', 'text', 'created_at'])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('questions')
    .set({ update_count: sql`update_count + 1` })
    .where('id', '=', questionId)
    .execute();
  return row;
}

/** A question's updates, oldest first. */
export function updatesOfQuestion(db: Executor, questionId: number) {
  return db
    .selectFrom('question_updates')
    .select(['id', 'text', 'created_at'])
    .where('question_id', '=', questionId)
    .orderBy('id')
    .execute();
}
