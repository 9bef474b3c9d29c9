import type { AgeRange, Gender } from '@dating/contract';
import { API_MSG } from '@dating/contract';
import { type Selectable, sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import { PREPARED } from '../db/prepared.ts';
import type { Owner } from '../db/rows.ts';
import type { AnswersTable } from '../db/schema.ts';
import {
  automaticFollowsOf,
  type FollowRow,
  type FollowRowArrays,
  followRowArrays,
  followRowsOf,
} from './follows.ts';
import { dropNotificationsOf } from './notifications.ts';
import { changeAnswerCount, changeHelpfulCount } from './questions.ts';

export const ANSWER_COLUMNS = [
  'answers.id',
  'answers.question_id',
  'answers.parent_id',
  'answers.text',
  'answers.likes',
  'answers.gender',
  'answers.age_range',
  'answers.user_id',
  'answers.session_hash',
  'answers.is_deleted',
  'answers.author_number',
  'answers.hidden_at',
  'answers.helpful',
  'answers.edited_at',
  'answers.created_at',
] as const;

type ColumnName<T> = T extends `answers.${infer C}` ? C : never;
/** An answer's row as `ANSWER_COLUMNS` select it. */
type SelectedAnswer = Pick<Selectable<AnswersTable>, ColumnName<(typeof ANSWER_COLUMNS)[number]>>;

/** Every answer of a question, in posting order: the whole thread in one query. */
export function selectAnswersOfQuestion(db: Executor, questionId: number) {
  return db
    .selectFrom('answers')
    .select(ANSWER_COLUMNS)
    .where('question_id', '=', questionId)
    .orderBy('id');
}

export function answersOfQuestion(db: Executor, questionId: number) {
  return selectAnswersOfQuestion(db, questionId).execute();
}

export function findAnswer(db: Executor, id: number) {
  return db.selectFrom('answers').select(ANSWER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findAnswerForUpdate(db: Executor, id: number) {
  return db
    .selectFrom('answers')
    .select(ANSWER_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * How deep an answer sits in its thread (1: a reply to the question itself), walking up
 * its parents, at most `cap + 1` of them: a deeper answer answers `cap + 1`.
 */
export async function answerDepth(db: Executor, id: number, cap: number): Promise<number> {
  const { rows } = await sql<{ depth: number | null }>`
    WITH RECURSIVE up (id, parent_id, depth) AS (
      SELECT id, parent_id, 1 FROM answers WHERE id = ${id}
      UNION ALL
      SELECT answers.id, answers.parent_id, up.depth + 1
      FROM answers JOIN up ON answers.id = up.parent_id
      WHERE up.depth <= ${cap}
    )
    SELECT max(depth)::int AS depth FROM up`.execute(db);
  return rows[0]?.depth ?? 0;
}

/**
 * Locks an answer for a delete, which also changes its question (the answer count, and
 * the thread a reply is being added to). The question is locked first, in the order a
 * reply takes them, so a reply and a delete never deadlock, and a reply to an answer
 * being deleted waits, then finds it gone or a placeholder.
 */
export async function findAnswerForDelete(db: Executor, id: number) {
  const found = await db
    .selectFrom('answers')
    .select('question_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) return undefined;
  await db
    .selectFrom('questions')
    .select('id')
    .where('id', '=', found.question_id)
    .forUpdate()
    .execute();
  return findAnswerForUpdate(db, id);
}

/** A user's own replies, newest first, with the plain text of their questions. */
export function selectAnswersOfUser(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('answers')
    .innerJoin('questions', 'questions.id', 'answers.question_id')
    .select([...ANSWER_COLUMNS, 'questions.search_text as question_text'])
    .where('answers.user_id', '=', userId)
    .where('answers.is_deleted', '=', false)
    .orderBy('answers.id', 'desc')
    .limit(limit);
}

export function answersOfUser(db: Executor, userId: number, limit: number) {
  return selectAnswersOfUser(db, userId, limit).execute();
}

export interface NewAnswer {
  questionId: number;
  parentId: number | null;
  text: string;
  gender: Gender;
  ageRange: AgeRange;
}

/** A reply to write, and its author. */
export interface NewAnswerBy {
  answer: NewAnswer;
  author: Owner;
}

/** A reply just written, and the question's follow rows from before it (whom it tells). */
export interface InsertedAnswer {
  answer: SelectedAnswer;
  follows: FollowRow[];
}

/** `insertAnswers` for one reply. */
export async function insertAnswer(
  db: Executor,
  answer: NewAnswer,
  author: Owner,
  followsMax: number,
): Promise<InsertedAnswer> {
  const [inserted] = await insertAnswers(db, [{ answer, author }], followsMax);
  if (!inserted) throw new Error(`question ${answer.questionId} is gone`);
  return inserted;
}

/**
 * Writes replies in one statement, each with: its author's number in the thread (migration
 * 0008), the answer, and its question's counts. The number is 0 for the asker, the number
 * of the author's earlier answers there, or else the question's next unused number, and a
 * new author adds one to the question's count of authors. Then one more answer, and the
 * question's last activity (the `active` sort, migration 0010) moves to the reply's time
 * (now(), the transaction's, as the reply's created_at). In the same statement, each author
 * follows the thread (repositories/follows.ts, at most `followsMax`), and each question's
 * follow rows are read, without that new one: whom the reply tells
 * (services/notifications.ts). One result per reply, in order; undefined for a reply whose
 * question is gone.
 *
 * At most one reply a question and one an author: a question's counts are moved once, and
 * an author's follows counted once. Call with the questions' rows locked, in an earlier
 * statement (the reply commands do): this statement's snapshot is then taken after the
 * locks were granted, so it sees every answer committed before, two new authors never get
 * one number, and one author never gets two.
 */
export async function insertAnswers(
  db: Executor,
  replies: readonly NewAnswerBy[],
  followsMax: number,
): Promise<(InsertedAnswer | undefined)[]> {
  if (replies.length === 0) return [];
  const of = <T>(pick: (reply: NewAnswerBy) => T) => replies.map(pick);
  const { rows } = await sql<SelectedAnswer & FollowRowArrays>`${PREPARED}
    WITH wanted AS (
      SELECT * FROM unnest(${of((r) => r.answer.questionId)}::int[],
        ${of((r) => r.answer.parentId)}::int[], ${of((r) => r.answer.text)}::text[],
        ${of((r) => r.answer.gender)}::text[], ${of((r) => r.answer.ageRange)}::text[],
        ${of((r) => r.author.userId)}::int[], ${of((r) => r.author.sessionHash)}::bytea[])
        AS w(question_id, parent_id, text, gender, age_range, user_id, session_hash)
    ), author AS MATERIALIZED (
      SELECT w.*, CASE WHEN asker THEN 0 ELSE coalesce(earlier, given + 1) END AS number,
        NOT asker AND earlier IS NULL AS is_new
      FROM wanted w, LATERAL (
        SELECT
          coalesce((q.user_id IS NOT NULL AND q.user_id = w.user_id)
            OR (q.session_hash IS NOT NULL AND q.session_hash = w.session_hash), false) AS asker,
          (SELECT e.author_number FROM answers e
            WHERE e.question_id = q.id AND e.author_number > 0
              AND (e.user_id = w.user_id OR e.session_hash = w.session_hash)
            ORDER BY e.id LIMIT 1) AS earlier,
          q.author_count AS given
        FROM questions q WHERE q.id = w.question_id
      ) AS found
    ), counted AS (
      UPDATE questions q SET answer_count = q.answer_count + 1,
        last_activity_at = greatest(q.last_activity_at, now()),
        author_count = q.author_count + author.is_new::int
      FROM author WHERE q.id = author.question_id
    ), inserted AS (
      INSERT INTO answers (question_id, parent_id, text, gender, age_range, user_id,
        session_hash, author_number)
      SELECT question_id, parent_id, text, gender, age_range, user_id, session_hash, number
      FROM author
      RETURNING ${sql.join(ANSWER_COLUMNS.map((column) => sql.ref(column.replace('answers.', ''))))}
    ), followed AS (
      ${automaticFollowsOf(sql`(SELECT question_id, user_id, session_hash FROM author)`, followsMax)}
    )
    SELECT inserted.*, follows.* FROM inserted,
      LATERAL (${followRowArrays(sql.ref('inserted.question_id'))}) AS follows`.execute(db);
  // One reply a question: its answer is the one of its question.
  const written = new Map(
    rows.map(({ follow_user_ids, follow_session_hashes, follow_muted, ...answer }) => [
      answer.question_id,
      { answer, follows: followRowsOf({ follow_user_ids, follow_session_hashes, follow_muted }) },
    ]),
  );
  return replies.map((reply) => written.get(reply.answer.questionId));
}

export function updateAnswerText(db: Executor, id: number, text: string) {
  return db
    .updateTable('answers')
    .set({ text, updated_at: new Date(), edited_at: new Date() })
    .where('id', '=', id)
    .returning(ANSWER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Deletes an answer (call inside a transaction, with the question locked). One with
 * replies becomes a "[deleted]" placeholder, unlinked from its author and no longer marked
 * helpful, so the thread under it survives; one without is removed, and so is any
 * placeholder ancestor it leaves without replies. The notifications about it go with it.
 */
export async function deleteAnswer(
  db: Executor,
  answer: { id: number; question_id: number; helpful: boolean },
) {
  const hasReplies = await db
    .selectFrom('answers')
    .select('id')
    .where('parent_id', '=', answer.id)
    .limit(1)
    .executeTakeFirst();
  if (hasReplies) {
    await db
      .updateTable('answers')
      .set({
        is_deleted: true,
        text: API_MSG.deletedPlaceholder,
        user_id: null,
        session_hash: null,
        author_number: null,
        gender: 'U',
        age_range: 'U',
        helpful: false,
        updated_at: new Date(),
      })
      .where('id', '=', answer.id)
      .execute();
  } else {
    const removed = await db
      .deleteFrom('answers')
      .where('id', '=', answer.id)
      .returning('parent_id')
      .executeTakeFirst();
    await pruneEmptyPlaceholders(db, removed?.parent_id ?? null);
  }
  await changeAnswerCount(db, answer.question_id, -1);
  if (answer.helpful) await changeHelpfulCount(db, answer.question_id, -1);
  await dropNotificationsOf(db, { type: 'answer', id: answer.id }, 'deleted');
}

async function pruneEmptyPlaceholders(db: Executor, startId: number | null) {
  let id = startId;
  while (id !== null) {
    const removed = await db
      .deleteFrom('answers')
      .where('id', '=', id)
      .where('is_deleted', '=', true)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('answers as child')
              .select('child.id')
              .whereRef('child.parent_id', '=', 'answers.id'),
          ),
        ),
      )
      .returning('parent_id')
      .executeTakeFirst();
    id = removed?.parent_id ?? null;
  }
}

/** The newest answer id of a question's thread, or 0 when it has none. */
export async function newestAnswerId(db: Executor, questionId: number): Promise<number> {
  const row = await db
    .selectFrom('answers')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('question_id', '=', questionId)
    .executeTakeFirst();
  return row?.id ?? 0;
}

/** Ids of the thread's replies after `afterId` that strangers see, oldest first. */
export async function visibleRepliesAfter(
  db: Executor,
  questionId: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('answers')
    .select('id')
    .where('question_id', '=', questionId)
    .where('id', '>', afterId)
    .where('hidden_at', 'is', null)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
