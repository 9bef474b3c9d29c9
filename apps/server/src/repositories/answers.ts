import type { AgeRange, Gender } from '@dating/contract';
import { ANON_LABEL_PREFIX, API_MSG, ASKER_LABEL } from '@dating/contract';
import { type Selectable, sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import { PREPARED } from '../db/prepared.ts';
import type { IdempotencyKeyClaim, Owner } from '../db/rows.ts';
import type { AnswersTable } from '../db/schema.ts';
import { automaticFollowsOf } from './follows.ts';
import { keyClaims } from './idempotency-keys.ts';
import { dropNotificationsOf, noticeUpserts, wroteTo } from './notifications.ts';
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
  'answers.hidden_reason',
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
 * Locks an answer for a change that reaches beyond it: a delete (its question's counts),
 * a report that may hide it (the notices that point at it). The question is locked first,
 * in the order a reply takes them (the question, its notices, then the parent answer as its
 * foreign key is checked), so the two never deadlock: a reply to an answer being deleted or
 * hidden waits, then finds it gone, a placeholder or hidden.
 */
export async function findAnswerForChange(db: Executor, id: number) {
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
    .select([
      ...ANSWER_COLUMNS,
      'questions.search_text as question_text',
      'questions.user_id as question_user_id',
      'questions.session_hash as question_session_hash',
      'questions.hidden_at as question_hidden_at',
    ])
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

/** A reply to write, and who writes it. */
export interface NewReply {
  answer: NewAnswer;
  author: Owner;
  /** An admin: may reply under a question hidden by reports. */
  staff: boolean;
  /** What its notices quote of it (services/notifications.ts `excerptOf`). */
  excerpt: string;
  /** Its request's idempotency key, taken by the same statement (`keyClaims`). */
  key?: IdempotencyKeyClaim;
}

/**
 * A reply's outcome: written; or not, because its question is missing, 'busy' (held by
 * another transaction, or changed since this statement began, or its idempotency key held
 * by another request: write it alone, under the question's lock, where the key is taken or
 * answered as it says) or hidden by reports from this author.
 */
export type ReplyOutcome = { answer: SelectedAnswer } | 'missing' | 'busy' | 'hidden';

/**
 * Writes replies in one statement, each with what comes with it: its author's number in
 * the thread (migration 0008), the answer, its question's counts, its author's follow, and
 * its notices. One result per reply, in order.
 *
 * Each question is locked without waiting (FOR UPDATE SKIP LOCKED), and used only if the
 * row this statement's snapshot sees is the one it locked: every reply and delete of an
 * answer moves its question's row, so then the snapshot holds every answer committed
 * before, two new authors never get one number, and one author never gets two. A question
 * held by someone else, or moved since, is 'busy'. Called under a lock the transaction
 * already holds (a reply written alone), it always finds its question as it locked it.
 *
 * The number is 0 for the asker, the number of the author's earlier answers there, or else
 * the question's next unused number, and a new author adds one to the question's count of
 * authors. The question's last activity (the `active` sort, migration 0010) moves to the
 * reply's time (now(), the transaction's, as the reply's created_at). Its author follows
 * the thread (repositories/follows.ts, at most `followsMax`).
 *
 * Who is told, each once with the first kind they are listed under, never the author
 * (services/notifications.ts): the author of the answer it replies to ("answer_reply"),
 * the asker unless they unfollowed their own question, and every follower of the question
 * as the statement began, without the author's new follow ("reply"). The notice names the
 * author by their pseudonym (contract `authorLabel`). Under a question hidden by reports,
 * only its asker is told: nobody else sees the thread (presenters/ownership.ts
 * `visibleTo`), so nobody else hears of it.
 *
 * At most one reply a question and one an author: a question's counts are moved once, an
 * author's follows counted once, and a question's notices bumped once.
 */
export async function writeReplies(
  db: Executor,
  replies: readonly NewReply[],
  followsMax: number,
): Promise<ReplyOutcome[]> {
  if (replies.length === 0) return [];
  const of = <T>(pick: (reply: NewReply) => T) => replies.map(pick);
  const { rows } = await sql<
    SelectedAnswer & {
      refused: 'missing' | 'busy' | 'hidden' | null;
      told_user_ids: (number | null)[];
      told_session_hashes: (Buffer | null)[];
    }
  >`${PREPARED}
    WITH wanted AS (
      SELECT * FROM unnest(${of((r) => r.answer.questionId)}::int[],
        ${of((r) => r.answer.parentId)}::int[], ${of((r) => r.answer.text)}::text[],
        ${of((r) => r.answer.gender)}::text[], ${of((r) => r.answer.ageRange)}::text[],
        ${of((r) => r.author.userId)}::int[], ${of((r) => r.author.sessionHash)}::bytea[],
        ${of((r) => r.staff)}::boolean[], ${of((r) => r.excerpt)}::text[],
        ${of((r) => r.key?.id ?? null)}::bytea[], ${of((r) => r.key?.fingerprint ?? null)}::bytea[],
        ${of((r) => r.key?.expiresAt ?? null)}::timestamptz[])
        WITH ORDINALITY AS w(question_id, parent_id, text, gender, age_range, user_id,
          session_hash, staff, excerpt, key_id, key_fingerprint, key_expires_at, n)
    ), seen AS (
      SELECT id, xmin::text AS version FROM questions
      WHERE id IN (SELECT question_id FROM wanted)
    ), locked AS MATERIALIZED (
      SELECT id, user_id, session_hash, hidden_at, author_count, xmin::text AS version
      FROM questions WHERE id IN (SELECT question_id FROM wanted)
      FOR UPDATE SKIP LOCKED
    ), judged AS MATERIALIZED (
      SELECT w.*, q.user_id AS asker_user_id, q.session_hash AS asker_session_hash,
        q.author_count, mine.asker, q.hidden_at IS NOT NULL AS question_hidden,
        CASE WHEN s.id IS NULL THEN 'missing'
          WHEN q.id IS NULL OR q.version <> s.version THEN 'busy'
          WHEN q.hidden_at IS NOT NULL AND NOT w.staff AND NOT mine.asker THEN 'hidden'
        END AS refused
      FROM wanted w
      LEFT JOIN seen s ON s.id = w.question_id
      LEFT JOIN locked q ON q.id = w.question_id,
      LATERAL (SELECT coalesce((q.user_id IS NOT NULL AND q.user_id = w.user_id)
        OR (q.session_hash IS NOT NULL AND q.session_hash = w.session_hash), false) AS asker) mine
    ), ${keyClaims(sql`(SELECT key_id AS id, key_fingerprint AS fingerprint,
        key_expires_at AS expires_at FROM judged WHERE refused IS NULL AND key_id IS NOT NULL)`)},
    author AS MATERIALIZED (
      SELECT j.*, CASE WHEN j.asker THEN 0 ELSE coalesce(earlier.number, j.author_count + 1) END
          AS number,
        NOT j.asker AND earlier.number IS NULL AS is_new
      FROM judged j LEFT JOIN LATERAL (
        SELECT e.author_number AS number FROM answers e
        WHERE e.question_id = j.question_id AND e.author_number > 0
          AND (e.user_id = j.user_id OR e.session_hash = j.session_hash)
        ORDER BY e.id LIMIT 1
      ) AS earlier ON true
      WHERE j.refused IS NULL AND (j.key_id IS NULL OR j.key_id IN (SELECT id FROM claimed))
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
    ), follows AS (
      SELECT f.question_id, f.user_id, f.session_hash, f.muted FROM question_follows f
      WHERE f.question_id IN (SELECT question_id FROM author)
    ), candidates AS (
      SELECT a.n, 1 AS precedence, 'answer_reply'::text AS kind, p.user_id, p.session_hash
      FROM author a JOIN answers p ON p.id = a.parent_id WHERE NOT a.question_hidden
      UNION ALL
      SELECT a.n, 2, 'reply', a.asker_user_id, a.asker_session_hash FROM author a
      WHERE NOT EXISTS (
        SELECT 1 FROM follows f WHERE f.question_id = a.question_id AND f.muted
          AND f.user_id IS NOT DISTINCT FROM a.asker_user_id
          AND f.session_hash IS NOT DISTINCT FROM a.asker_session_hash)
      UNION ALL
      SELECT a.n, 3, 'reply', f.user_id, f.session_hash
      FROM author a JOIN follows f ON f.question_id = a.question_id AND NOT f.muted
      WHERE NOT a.question_hidden
    ), told AS MATERIALIZED (
      SELECT DISTINCT ON (c.n, c.user_id, c.session_hash) c.n, c.kind, c.user_id, c.session_hash
      FROM candidates c JOIN author a ON a.n = c.n
      WHERE (c.user_id IS NOT NULL OR c.session_hash IS NOT NULL)
        AND NOT (c.user_id IS NOT DISTINCT FROM a.user_id
          AND c.session_hash IS NOT DISTINCT FROM a.session_hash)
      ORDER BY c.n, c.user_id, c.session_hash, c.precedence
    ), notices AS (
      SELECT t.user_id, t.session_hash, t.kind, i.question_id, i.id AS answer_id, a.excerpt,
        CASE WHEN i.author_number = 0 THEN ${ASKER_LABEL}::text
          ELSE ${ANON_LABEL_PREFIX}::text || i.author_number END AS author_label
      FROM told t JOIN author a ON a.n = t.n JOIN inserted i ON i.question_id = a.question_id
    ), ${noticeUpserts(sql`notices`)}
    SELECT coalesce(j.refused, CASE WHEN i.id IS NULL THEN 'busy' END) AS refused, i.*,
      coalesce((SELECT array_agg(t.user_id) FROM told t WHERE t.n = j.n), '{}') AS told_user_ids,
      coalesce((SELECT array_agg(t.session_hash) FROM told t WHERE t.n = j.n), '{}')
        AS told_session_hashes
    FROM judged j LEFT JOIN inserted i ON i.question_id = j.question_id
    ORDER BY j.n`.execute(db);
  return rows.map(({ refused, told_user_ids, told_session_hashes, ...answer }) => {
    if (refused !== null) return refused;
    // The notices are written (and committed, when this statement is its own transaction).
    wroteTo(
      told_user_ids.map((id, i) => ({ user_id: id, session_hash: told_session_hashes[i] ?? null })),
    );
    return { answer };
  });
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

/**
 * Ids of the thread's replies after `afterId` that strangers see, oldest first: none while
 * the question is hidden.
 */
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
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('questions')
            .select('questions.id')
            .where('questions.id', '=', questionId)
            .where('questions.hidden_at', 'is not', null),
        ),
      ),
    )
    .where('id', '>', afterId)
    .where('hidden_at', 'is', null)
    .where('is_deleted', '=', false)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
