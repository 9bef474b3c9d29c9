/**
 * Likes: one per user, or per anonymous key, per item. A key's like is stored under its
 * MAC for that item (lib/activity-macs.ts), never under the key's hash. The insert (or delete) and the
 * counter update commit together (one statement, or one transaction); the unique indexes turn a concurrent duplicate
 * into "no row inserted", a concurrent second unlike finds no row to delete, and the
 * counter moves only when a row did, so it stays exact. (A question's `top_score` follows
 * its `likes` by trigger, migration 0010.)
 */
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import { PREPARED } from '../db/prepared.ts';
import type { LikeReader, Liker } from '../db/rows.ts';

/** 'hidden': the item is hidden from strangers, and the like was not written. */
export type LikeResult = { likes: number } | 'duplicate' | 'missing' | 'hidden';
export type LikeTarget = 'question' | 'answer';

const TARGETS = {
  question: {
    items: 'questions',
    likes: 'question_likes',
    key: 'question_id',
    likeable: sql`true`,
    shown: sql`hidden_at IS NULL`,
  },
  // A "[deleted]" placeholder keeps its thread but cannot be liked.
  answer: {
    items: 'answers',
    likes: 'answer_likes',
    key: 'answer_id',
    likeable: sql`NOT is_deleted`,
    shown: sql`hidden_at IS NULL AND NOT EXISTS (
      SELECT 1 FROM questions q WHERE q.id = answers.question_id AND q.hidden_at IS NOT NULL)`,
  },
} as const;

/**
 * Which likes a statement writes: of items that strangers see, or (a like written alone,
 * once presenters/ownership.ts `visibleTo` let the liker see it) of hidden ones too.
 */
export type LikeScope = 'shown' | 'any';

export interface NewLike {
  itemId: number;
  by: Liker;
}

/**
 * A like of a batch whose item another transaction held locked (another batch's like of
 * it, an unlike, an edit): the batch does not wait for it, the caller writes it alone.
 */
export type BatchedLikeResult = LikeResult | 'busy';

/**
 * One statement, so that a like needs no transaction of its own (a statement commits
 * alone, whole or not at all): the item is looked for and locked, the like inserted, and
 * the count moved only when it was. A duplicate (this liker's row exists, or a concurrent
 * one committed first: the unique indexes) inserts nothing and moves nothing. Inside a
 * transaction too (an idempotency key's).
 *
 * The item is locked as `countLock` says, waiting for whoever holds it.
 */
export async function addLike(
  db: Executor,
  target: LikeTarget,
  itemId: number,
  by: Liker,
  scope: LikeScope = 'shown',
): Promise<LikeResult> {
  const [result] = await writeLikes(db, target, [likeRow(target, { itemId, by })], 'wait', scope);
  // Waiting for the lock never skips an item: one found but not locked was deleted meanwhile.
  return result === undefined || result === 'busy' ? 'missing' : result;
}

/**
 * Many likes in one statement (db/write-batches.ts), each answered as `addLike` would
 * answer it alone. The items are locked up front without waiting (SKIP LOCKED): a batch
 * never waits for a row lock, so one locked item cannot hold up the likes of others (nor
 * can two batches deadlock), and a like of an item held by someone else comes back
 * 'busy'. FOR NO KEY UPDATE is the lock the count's update takes anyway, and the one
 * every other writer of an item's likes takes before it touches them (`countLock`), so a
 * batch that holds it never waits for another's like row either.
 *
 * The likes of one batch are stored by one transaction, so they share its time and its
 * transaction id: that says they arrived together, which their times said already, and a
 * batch holds the likes of many people.
 */
export async function addLikes(
  db: Executor,
  target: LikeTarget,
  likes: readonly NewLike[],
): Promise<BatchedLikeResult[]> {
  // A liker's second like of one item in the same batch is the first one's duplicate.
  const firstOf = new Map<string, number>();
  const unique: LikeRow[] = [];
  const sameAs = likes.map((like) => {
    const row = likeRow(target, like);
    const identity = `${row.itemId} ${row.userId ?? row.keyMac?.toString('hex')}`;
    const first = firstOf.get(identity);
    if (first !== undefined) return first;
    firstOf.set(identity, unique.length);
    unique.push(row);
    return null;
  });
  const results = await writeLikes(db, target, unique, 'skip', 'shown');
  let next = 0;
  return sameAs.map((first) => {
    if (first === null) return results[next++] as BatchedLikeResult;
    const earlier = results[first] as BatchedLikeResult;
    return typeof earlier === 'object' ? 'duplicate' : earlier;
  });
}

/** A like as stored: by an account, or by a key under its MAC for this item. */
interface LikeRow {
  itemId: number;
  userId: number | null;
  keyMac: Buffer | null;
}

function likeRow(target: LikeTarget, { itemId, by }: NewLike): LikeRow {
  return { itemId, userId: by.userId, keyMac: by.activity?.of('like', target, itemId) ?? null };
}

/**
 * The lock on an item that every writer of its likes takes before it touches them, and
 * holds to its commit: FOR NO KEY UPDATE, the count's own. With one lock taken first by
 * all, no two writers can each hold what the other waits for. (Without it, a batch that
 * held an item waited to insert a like row that a lone like of the same liker had
 * inserted, while that like waited for the item to move the count: a deadlock.)
 *
 * `wait` first waits for the item FOR KEY SHARE, which waiters take side by side: behind a
 * long-held item they all wait at once and give up after one lock timeout, where waiters
 * for the stronger lock queue one behind the other and each waits anew for its turn
 * (test/faults/lock-waits.test.ts). Then the stronger lock is only waited for while other
 * writers of this item's likes finish their statement. `skip` takes it only where nobody
 * holds the item.
 */
function countLock(
  items: string,
  ids: RawBuilder<unknown>,
  mode: 'wait' | 'skip',
  where: RawBuilder<unknown> = sql`true`,
) {
  const table = sql.table(items);
  return mode === 'skip'
    ? sql`SELECT id, likes FROM ${table} WHERE id IN (${ids}) AND ${where}
        FOR NO KEY UPDATE SKIP LOCKED`
    : sql`SELECT id, likes FROM ${table} WHERE id IN (
          SELECT id FROM ${table} WHERE id IN (${ids}) AND ${where} FOR KEY SHARE
        ) AND ${where}
        FOR NO KEY UPDATE`;
}

/**
 * The statement of `addLike` and `addLikes`: each like's item looked for (`found`, as this
 * statement's snapshot sees it) and locked (`countLock`), with `scope` 'shown' only if
 * strangers see it (an item hidden from them is 'hidden', for the caller to decide whether
 * the liker sees it); the likes of locked items inserted
 * (ON CONFLICT without a target covers both partial unique indexes, user and key); each
 * item's count moved by the likes inserted for it. One result per like, in order.
 */
async function writeLikes(
  db: Executor,
  target: LikeTarget,
  likes: readonly LikeRow[],
  mode: 'wait' | 'skip',
  scope: LikeScope,
): Promise<BatchedLikeResult[]> {
  if (likes.length === 0) return [];
  const t = TARGETS[target];
  const writable = scope === 'any' ? t.likeable : sql`${t.likeable} AND ${t.shown}`;
  const ids = likes.map((like) => like.itemId);
  const users = likes.map((like) => like.userId);
  const macs = likes.map((like) => like.keyMac);
  const { rows } = await sql<{
    found: boolean;
    shown: boolean;
    locked: boolean;
    liked: boolean;
    likes: number | null;
  }>`${PREPARED}
    WITH wanted AS (
      SELECT * FROM unnest(${ids}::int[], ${users}::int[], ${macs}::bytea[])
        WITH ORDINALITY AS w(item_id, user_id, key_mac, n)
    ), found AS (
      SELECT id, ${t.shown} AS shown FROM ${sql.table(t.items)}
      WHERE id IN (SELECT item_id FROM wanted) AND ${t.likeable}
    ), locked AS MATERIALIZED (
      ${countLock(t.items, sql`SELECT item_id FROM wanted`, mode, writable)}
    ), inserted AS (
      INSERT INTO ${sql.table(t.likes)} (${sql.ref(t.key)}, user_id, key_mac)
      SELECT w.item_id, w.user_id, w.key_mac FROM wanted w JOIN locked l ON l.id = w.item_id
      ON CONFLICT DO NOTHING
      RETURNING ${sql.ref(t.key)} AS item_id, user_id, key_mac
    ), counted AS (
      UPDATE ${sql.table(t.items)} i SET likes = i.likes + c.added
      FROM (SELECT item_id, count(*)::int AS added FROM inserted GROUP BY item_id) c
      WHERE i.id = c.item_id
      RETURNING i.id, i.likes
    )
    SELECT
      EXISTS (SELECT 1 FROM found f WHERE f.id = w.item_id) AS found,
      EXISTS (SELECT 1 FROM found f WHERE f.id = w.item_id AND f.shown) AS shown,
      EXISTS (SELECT 1 FROM locked l WHERE l.id = w.item_id) AS locked,
      EXISTS (
        SELECT 1 FROM inserted x
        WHERE x.item_id = w.item_id AND x.user_id IS NOT DISTINCT FROM w.user_id
          AND x.key_mac IS NOT DISTINCT FROM w.key_mac
      ) AS liked,
      (SELECT c.likes FROM counted c WHERE c.id = w.item_id) AS likes
    FROM wanted w ORDER BY w.n`.execute(db);
  // Each like is answered with the count its own increment made: the k likes of one item
  // in this statement, in their order, get its final count less k-1, ..., less 0.
  const addedTo = new Map<number, number>();
  for (const [i, row] of rows.entries()) {
    if (row.liked) addedTo.set(ids[i] as number, (addedTo.get(ids[i] as number) ?? 0) + 1);
  }
  return rows.map((row, i): BatchedLikeResult => {
    if (!row.found) return 'missing';
    if (!row.shown && scope === 'shown') return 'hidden';
    if (!row.locked) return 'busy';
    if (!row.liked || row.likes === null) return 'duplicate';
    const id = ids[i] as number;
    const later = (addedTo.get(id) as number) - 1;
    addedTo.set(id, later);
    return { likes: row.likes - later };
  });
}

export type UnlikeResult = { likes: number } | 'missing';

/**
 * Takes back `by`'s like of an item, if there is one (call inside a transaction). The item
 * is locked first (`countLock`; a "[deleted]" placeholder's likes can be taken back too),
 * and the delete, a statement of its own, sees every like committed before that.
 */
export async function removeLike(
  db: Executor,
  target: LikeTarget,
  itemId: number,
  by: Liker,
): Promise<UnlikeResult> {
  const t = TARGETS[target];
  const locked = await sql<{ likes: number }>`${PREPARED}
    ${countLock(t.items, sql`${itemId}::int`, 'wait')}`.execute(db);
  const before = locked.rows[0];
  if (before === undefined) return 'missing';
  const liker =
    by.userId !== null
      ? sql`user_id = ${by.userId}`
      : sql`key_mac = ${by.activity.of('like', target, itemId)}`;
  // Nothing to take back: the count stays, and a cached thread stays current (an UPDATE
  // would bump its version, migration 0003).
  const { rows } = await sql<{ likes: number | null }>`${PREPARED}
    WITH removed AS (
      DELETE FROM ${sql.table(t.likes)} WHERE ${sql.ref(t.key)} = ${itemId} AND ${liker}
      RETURNING id
    ), counted AS (
      UPDATE ${sql.table(t.items)} SET likes = likes - 1
      WHERE id = ${itemId} AND EXISTS (SELECT 1 FROM removed)
      RETURNING likes
    )
    SELECT (SELECT likes FROM counted) AS likes`.execute(db);
  return { likes: rows[0]?.likes ?? before.likes };
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
