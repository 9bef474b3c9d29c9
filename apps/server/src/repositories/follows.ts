/**
 * Who follows a question (migration 0013): an account by its id, a key by its hash, as
 * their posts are stored. Unfollowing mutes the row rather than deleting it, so that the
 * automatic follow of a later reply does not undo the person's choice.
 */
import { LIMITS } from '@dating/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import { PREPARED } from '../db/prepared.ts';
import type { Owner, Reader } from '../db/rows.ts';

/** A follower, as a recipient of notifications. */
export interface Follower {
  user_id: number | null;
  session_hash: Buffer | null;
}

/** The rows of one identity: its account's, or its key's. */
function ofAuthor(author: Owner) {
  return author.userId !== null
    ? sql`user_id = ${author.userId}`
    : sql`session_hash = ${author.sessionHash}`;
}

/**
 * Follows on the asker's or an answerer's behalf, unless they unfollowed it before (a muted
 * row stays muted) or already follow `max` questions. Call inside the post's transaction.
 * True when this made them follow it.
 */
export async function followAutomatically(
  db: Executor,
  questionId: number,
  author: Owner,
  max: number,
): Promise<boolean> {
  const { rows } = await sql<{
    id: number;
  }>`${PREPARED}${automaticFollow(questionId, author, max)}`.execute(db);
  return rows.length > 0;
}

function automaticFollow(questionId: number, author: Owner, max: number) {
  return automaticFollowOf(sql`(SELECT ${questionId}::int AS id)`, author, max);
}

/**
 * `followAutomatically`'s statement for the question `question` names (a table or a CTE
 * with an `id` column, such as a question being inserted in the same statement).
 */
export function automaticFollowOf(question: RawBuilder<unknown>, author: Owner, max: number) {
  return automaticFollowsOf(
    sql`(SELECT question.id AS question_id, ${author.userId}::int AS user_id,
      ${author.sessionHash}::bytea AS session_hash FROM ${question} AS question)`,
    max,
  );
}

/**
 * `followAutomatically` for each row `follows` names (`question_id`, and the author's
 * `user_id` or `session_hash`), in one statement: the follows it made are returned. Name
 * one row per author: an author's follows are counted with the statement's snapshot.
 */
export function automaticFollowsOf(follows: RawBuilder<unknown>, max: number) {
  return sql`
    INSERT INTO question_follows (question_id, user_id, session_hash)
    SELECT w.question_id, w.user_id, w.session_hash FROM ${follows} AS w
    WHERE CASE WHEN w.user_id IS NOT NULL
      THEN (SELECT count(*) FROM question_follows f WHERE f.user_id = w.user_id AND NOT f.muted)
      ELSE (SELECT count(*) FROM question_follows f
        WHERE f.session_hash = w.session_hash AND NOT f.muted)
      END < ${max}
    ON CONFLICT DO NOTHING
    RETURNING question_id`;
}

/** A question's follow rows, muted ones (unfollows) too. */
export type FollowRow = Follower & { muted: boolean };

/** How many questions the identity follows (muted rows are not follows). */
export async function countFollows(db: Executor, author: Owner): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM question_follows
    WHERE ${ofAuthor(author)} AND NOT muted`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Follows (or unmutes) a question; false when the identity already followed it. */
export async function follow(db: Executor, questionId: number, author: Owner): Promise<boolean> {
  // Following again after an unfollow: followed since now.
  const updated = await sql<{ id: number }>`
    UPDATE question_follows SET muted = false, created_at = now()
    WHERE question_id = ${questionId} AND ${ofAuthor(author)} AND muted
    RETURNING id`.execute(db);
  if (updated.rows.length > 0) return true;
  const inserted = await sql<{ id: number }>`
    INSERT INTO question_follows (question_id, user_id, session_hash)
    VALUES (${questionId}, ${author.userId}, ${author.sessionHash})
    ON CONFLICT DO NOTHING RETURNING id`.execute(db);
  return inserted.rows.length > 0;
}

/** Stops following a question: the row stays, muted, so automatic follows leave it be. */
export async function unfollow(db: Executor, questionId: number, author: Owner) {
  await sql`
    INSERT INTO question_follows (question_id, user_id, session_hash, muted)
    VALUES (${questionId}, ${author.userId}, ${author.sessionHash}, true)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    UPDATE question_follows SET muted = true
    WHERE question_id = ${questionId} AND ${ofAuthor(author)} AND NOT muted`.execute(db);
}

/** Whether the viewer (account or key) follows the question; false for strangers. */
export async function isFollowing(db: Executor, questionId: number, viewer: Reader) {
  if (viewer.user === null && viewer.sessionHash === null) return false;
  const who = viewer.user
    ? sql`user_id = ${viewer.user.id}`
    : sql`session_hash = ${viewer.sessionHash}`;
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM question_follows
    WHERE question_id = ${questionId} AND ${who} AND NOT muted`.execute(db);
  return rows.length > 0;
}

/** A question the identity follows, with its first words and who may read them. */
export interface FollowListRow {
  id: number;
  question_id: number;
  created_at: Date;
  /** Microseconds since the epoch, for the next page's cursor. */
  at: string;
  question_text: string;
  question_hidden_at: Date | null;
  question_user_id: number | null;
  question_session_hash: Buffer | null;
}

/**
 * One page of the questions the identity follows (muted rows are unfollows), the latest
 * follow first; one row more than `limit` says another page follows.
 */
export async function listFollows(
  db: Executor,
  author: Owner,
  page: { limit: number; after?: { at: number; id: number } },
): Promise<FollowListRow[]> {
  const after = page.after;
  const follower =
    author.userId !== null
      ? sql`f.user_id = ${author.userId}`
      : sql`f.session_hash = ${author.sessionHash}`;
  const { rows } = await sql<FollowListRow>`
    SELECT f.id, f.question_id, f.created_at,
      (extract(epoch FROM f.created_at) * 1000000)::bigint::text AS at,
      left(q.search_text, ${LIMITS.questionTextExcerptMax}) AS question_text,
      q.hidden_at AS question_hidden_at, q.user_id AS question_user_id,
      q.session_hash AS question_session_hash
    FROM question_follows f JOIN questions q ON q.id = f.question_id
    WHERE ${follower} AND NOT f.muted
      ${after === undefined ? sql`` : sql`AND ((extract(epoch FROM f.created_at) * 1000000)::bigint, f.id) < (${after.at}::bigint, ${after.id}::int)`}
    ORDER BY f.created_at DESC, f.id DESC
    LIMIT ${page.limit + 1}`.execute(db);
  return rows;
}

/** Every follow row of the question, muted ones (unfollows) too. */
export async function followerRows(db: Executor, questionId: number): Promise<FollowRow[]> {
  const { rows } = await sql<FollowRow>`
    SELECT user_id, session_hash, muted FROM question_follows
    WHERE question_id = ${questionId}`.execute(db);
  return rows;
}

/** A claimed key's follows become the account's (call inside the claim's transaction). */
export async function moveFollowsToUser(db: Executor, sessionHash: Buffer, userId: number) {
  // Where the account already has a row for the question, the account's choice stands.
  await sql`
    INSERT INTO question_follows (question_id, user_id, muted, created_at)
    SELECT question_id, ${userId}, muted, created_at FROM question_follows
    WHERE session_hash = ${sessionHash}
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`DELETE FROM question_follows WHERE session_hash = ${sessionHash}`.execute(db);
}
