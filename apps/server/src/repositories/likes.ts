/**
 * Likes: one per user, or per anonymous session, per item. The insert and the counter
 * update run in one transaction; the unique indexes turn a concurrent duplicate into "no
 * row inserted", and the counter moves only when a row was, so it stays exact.
 */
import { sql } from 'kysely';
import type { Author } from '../auth/identity.ts';
import type { Executor } from '../db/connection.ts';

export type LikeResult = { likes: number } | 'duplicate' | 'missing';
export type LikeTarget = 'question' | 'answer';

const TARGETS = {
  question: {
    items: 'questions',
    likes: 'question_likes',
    key: 'question_id',
    likeable: sql`true`,
  },
  // A "[deleted]" placeholder keeps its thread but cannot be liked.
  answer: {
    items: 'answers',
    likes: 'answer_likes',
    key: 'answer_id',
    likeable: sql`NOT is_deleted`,
  },
} as const;

const FOREIGN_KEY_VIOLATION = '23503';

/** Call inside a transaction. */
export async function addLike(
  db: Executor,
  target: LikeTarget,
  itemId: number,
  by: Author,
): Promise<LikeResult> {
  const t = TARGETS[target];
  const item = await sql<{ id: number }>`
    SELECT id FROM ${sql.table(t.items)} WHERE id = ${itemId} AND ${t.likeable}`.execute(db);
  if (item.rows.length === 0) return 'missing';
  try {
    // ON CONFLICT without a target covers both partial unique indexes (user, session).
    const inserted = await sql<{ id: string }>`
      INSERT INTO ${sql.table(t.likes)} (${sql.ref(t.key)}, user_id, session_hash)
      VALUES (${itemId}, ${by.userId}, ${by.sessionHash})
      ON CONFLICT DO NOTHING
      RETURNING id`.execute(db);
    if (inserted.rows.length === 0) return 'duplicate';
  } catch (error) {
    // The item was deleted between the check and the insert.
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) return 'missing';
    throw error;
  }
  const updated = await sql<{ likes: number }>`
    UPDATE ${sql.table(t.items)} SET likes = likes + 1 WHERE id = ${itemId} RETURNING likes`.execute(
    db,
  );
  const row = updated.rows[0];
  return row ? { likes: row.likes } : 'missing';
}
