/** The posts of one anonymous key: listing them for their holder, and moving them to an account. */
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import type { AnonymousPostRow } from '../db/rows.ts';
import type { PostCursor } from '../lib/cursor.ts';

/**
 * One page of a key's questions and replies, newest first (a reply left as a "[deleted]"
 * placeholder belongs to nobody and is not listed). One more row than the page is read, to
 * know whether another page follows. A key's posts are few, found through the session
 * indexes of migration 0008, so sorting them costs little.
 */
export async function listPostsOfSession(
  db: Executor,
  sessionHash: Buffer,
  page: { limit: number; after?: PostCursor },
): Promise<AnonymousPostRow[]> {
  const after = page.after;
  const { rows } = await sql<AnonymousPostRow>`
    SELECT * FROM (
      SELECT 'question' AS type, q.id, q.id AS question_id, q.text,
        q.search_text AS question_text, q.likes, q.gender, q.age_range, q.created_at,
        (extract(epoch FROM q.created_at) * 1000000)::bigint AS at,
        q.user_id AS question_user_id, q.session_hash AS question_session_hash,
        q.hidden_at AS question_hidden_at
      FROM questions q
      WHERE q.session_hash = ${sessionHash}
      UNION ALL
      SELECT 'answer', a.id, a.question_id, a.text, q.search_text, a.likes, a.gender,
        a.age_range, a.created_at, (extract(epoch FROM a.created_at) * 1000000)::bigint,
        q.user_id, q.session_hash, q.hidden_at
      FROM answers a JOIN questions q ON q.id = a.question_id
      WHERE a.session_hash = ${sessionHash} AND NOT a.is_deleted
    ) posts
    ${after === undefined ? sql`` : sql`WHERE (posts.at, posts.type, posts.id) < (${after.at}::bigint, ${after.type}::text, ${after.id}::int)`}
    ORDER BY posts.at DESC, posts.type DESC, posts.id DESC
    LIMIT ${page.limit + 1}`.execute(db);
  return rows;
}

/**
 * Moves every question and reply of a key to a user (call inside a transaction): they
 * carry the user from then on, and no longer the key's hash. Likes and reports made with
 * the key stay as they were: they are nobody's posts, and moving them would tie them to
 * the account.
 */
export async function movePostsToUser(db: Executor, sessionHash: Buffer, userId: number) {
  const questions = await db
    .updateTable('questions')
    .set({ user_id: userId, session_hash: null, updated_at: new Date() })
    .where('session_hash', '=', sessionHash)
    .returning('id')
    .execute();
  const answers = await db
    .updateTable('answers')
    .set({ user_id: userId, session_hash: null, updated_at: new Date() })
    .where('session_hash', '=', sessionHash)
    .returning('id')
    .execute();
  return {
    questions: questions.map((row) => row.id).sort((a, b) => a - b),
    answers: answers.map((row) => row.id).sort((a, b) => a - b),
  };
}
