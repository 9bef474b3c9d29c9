/**
 * Likes: one per user, or per anonymous key, per item. A key's like is stored under its
 * MAC for that item (lib/activity-macs.ts), never under the key's hash. The insert (or delete) and the
 * counter update run in one transaction; the unique indexes turn a concurrent duplicate
 * into "no row inserted", a concurrent second unlike finds no row to delete, and the
 * counter moves only when a row did, so it stays exact. (A question's `top_score` follows
 * its `likes` by trigger, migration 0010.)
 */
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import type { LikeReader, Liker } from '../db/rows.ts';

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

/**
 * Call inside a transaction. Two statements: the item looked for and the like inserted in
 * one, then the count moved. The count's update is a statement of its own on purpose: in
 * the insert's statement it made a like queued behind a locked item wait for two row locks
 * in turn, up to twice the lock timeout (test/faults/lock-waits.test.ts).
 */
export async function addLike(
  db: Executor,
  target: LikeTarget,
  itemId: number,
  by: Liker,
): Promise<LikeResult> {
  const t = TARGETS[target];
  const keyMac = by.activity?.of('like', target, itemId) ?? null;
  try {
    // ON CONFLICT without a target covers both partial unique indexes (user, key).
    const { rows } = await sql<{ found: boolean; inserted: boolean }>`
      WITH item AS (
        SELECT id FROM ${sql.table(t.items)} WHERE id = ${itemId} AND ${t.likeable}
      ), inserted AS (
        INSERT INTO ${sql.table(t.likes)} (${sql.ref(t.key)}, user_id, key_mac)
        SELECT id, ${by.userId}::int, ${keyMac}::bytea FROM item
        ON CONFLICT DO NOTHING
        RETURNING 1
      )
      SELECT EXISTS (SELECT 1 FROM item) AS found,
        EXISTS (SELECT 1 FROM inserted) AS inserted`.execute(db);
    const row = rows[0];
    if (!row?.found) return 'missing';
    if (!row.inserted) return 'duplicate';
  } catch (error) {
    // The item was deleted between the look and the insert.
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

export type UnlikeResult = { likes: number } | 'missing';

/** Takes back `by`'s like of an item, if there is one (call inside a transaction). */
export async function removeLike(
  db: Executor,
  target: LikeTarget,
  itemId: number,
  by: Liker,
): Promise<UnlikeResult> {
  const t = TARGETS[target];
  const liker =
    by.userId !== null
      ? sql`user_id = ${by.userId}`
      : sql`key_mac = ${by.activity.of('like', target, itemId)}`;
  const removed = await sql<{ id: string }>`
    DELETE FROM ${sql.table(t.likes)} WHERE ${sql.ref(t.key)} = ${itemId} AND ${liker}
    RETURNING id`.execute(db);
  // Nothing to take back: the count stays, and a cached thread stays current (an UPDATE
  // would bump its version, migration 0003).
  const counted =
    removed.rows.length > 0
      ? await sql<{ likes: number }>`
          UPDATE ${sql.table(t.items)} SET likes = likes - 1 WHERE id = ${itemId}
          RETURNING likes`.execute(db)
      : await sql<{ likes: number }>`
          SELECT likes FROM ${sql.table(t.items)} WHERE id = ${itemId}`.execute(db);
  const row = counted.rows[0];
  return row ? { likes: row.likes } : 'missing';
}

/**
 * Who likes these items, for reads: the request's one identity, or nobody (a stranger
 * likes nothing). A key is looked for under its MAC for each item.
 */
function likerOf(viewer: LikeReader, target: LikeTarget, itemIds: readonly number[]) {
  if (viewer.user) return sql`l.user_id = ${viewer.user.id}`;
  const { activity } = viewer;
  if (activity) {
    const macs = itemIds.map((id) => activity.of('like', target, id));
    return sql`l.key_mac = ANY(${macs}::bytea[])`;
  }
  return null;
}

/**
 * Which of these items the viewer likes: one query through the unique (item, liker)
 * indexes of migration 0001.
 */
export async function likedAmong(
  db: Executor,
  target: LikeTarget,
  itemIds: readonly number[],
  viewer: LikeReader,
): Promise<Set<number>> {
  if (itemIds.length === 0) return new Set();
  const liker = likerOf(viewer, target, itemIds);
  if (liker === null) return new Set();
  const t = TARGETS[target];
  const { rows } = await sql<{ id: number }>`
    SELECT l.${sql.ref(t.key)} AS id FROM ${sql.table(t.likes)} l
    WHERE l.${sql.ref(t.key)} = ANY(${[...itemIds]}::int[]) AND ${liker}`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** The answers of one question's thread that the viewer likes, in one query. */
export async function likedAnswersOfQuestion(
  db: Executor,
  questionId: number,
  viewer: LikeReader,
): Promise<Set<number>> {
  // The thread's answer ids are not known here: the database computes each one's MAC.
  const liker = viewer.user
    ? sql`l.user_id = ${viewer.user.id}`
    : viewer.activity
      ? sql`l.key_mac = ${viewer.activity.sqlOf('like', 'answer', sql.ref('l.answer_id'))}`
      : null;
  if (liker === null) return new Set();
  const { rows } = await sql<{ id: number }>`
    SELECT l.answer_id AS id FROM answer_likes l
    JOIN answers a ON a.id = l.answer_id
    WHERE a.question_id = ${questionId} AND ${liker}`.execute(db);
  return new Set(rows.map((row) => row.id));
}
