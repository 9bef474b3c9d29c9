/**
 * Likes: one per user, or per anonymous key, per item. A key's like is stored under its
 * MAC for that item (lib/activity-macs.ts), never under the key's hash. The insert (or delete) and the
 * counter update commit together (one statement, or one transaction); the unique indexes turn a concurrent duplicate
 * into "no row inserted", a concurrent second unlike finds no row to delete, and the
 * counter moves only when a row did, so it stays exact. (A question's `top_score` follows
 * its `likes` by trigger, migration 0010.)
 */
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import { PREPARED } from '../db/prepared.ts';
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

/**
 * One statement, so that a like needs no transaction of its own (a statement commits
 * alone, whole or not at all): the item is looked for and share-locked, the like inserted,
 * and the count moved only when it was. A duplicate (this liker's row exists, or a
 * concurrent one committed first: the unique indexes) inserts nothing and moves nothing.
 * Inside a transaction too (an idempotency key's).
 *
 * The item's lock is FOR KEY SHARE, the one the like's foreign key takes anyway: it keeps
 * the item from being deleted under the insert, and other likes do not conflict with it
 * (the count's update waits only for another like's update). A stronger lock would queue
 * the likes waiting behind a locked item one after another, each then waiting up to the
 * lock timeout again (test/faults/lock-waits.test.ts).
 */
export async function addLike(
  db: Executor,
  target: LikeTarget,
  itemId: number,
  by: Liker,
): Promise<LikeResult> {
  const t = TARGETS[target];
  const keyMac = by.activity?.of('like', target, itemId) ?? null;
  // ON CONFLICT without a target covers both partial unique indexes (user, key).
  const { rows } = await sql<{ found: boolean; likes: number | null }>`${PREPARED}
    WITH item AS (
      SELECT id FROM ${sql.table(t.items)} WHERE id = ${itemId} AND ${t.likeable}
      FOR KEY SHARE
    ), inserted AS (
      INSERT INTO ${sql.table(t.likes)} (${sql.ref(t.key)}, user_id, key_mac)
      SELECT id, ${by.userId}::int, ${keyMac}::bytea FROM item
      ON CONFLICT DO NOTHING
      RETURNING 1
    ), counted AS (
      UPDATE ${sql.table(t.items)} SET likes = likes + 1
      WHERE id = ${itemId} AND EXISTS (SELECT 1 FROM inserted)
      RETURNING likes
    )
    SELECT EXISTS (SELECT 1 FROM item) AS found, (SELECT likes FROM counted) AS likes`.execute(db);
  const row = rows[0];
  if (!row?.found) return 'missing';
  return row.likes === null ? 'duplicate' : { likes: row.likes };
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
