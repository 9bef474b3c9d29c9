/**
 * Everything the site keeps for one identity (an account by its id, a key by its hash): read
 * for the export, counted and removed for an erasure. A key's likes and reports are not
 * here: they are stored under a MAC per target (lib/activity-macs.ts), which no query by the
 * key can find without naming every target.
 */
import type { ErasureCounts } from '@dating/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import type { Owner } from '../db/rows.ts';
import type { NotificationRow } from './notifications.ts';
import { wroteTo } from './notifications.ts';

/** The rows of one identity, in a table with `user_id` and `session_hash` (alias `t`). */
function ofOwner(owner: Owner, table = 't'): RawBuilder<unknown> {
  return owner.userId !== null
    ? sql`${sql.ref(`${table}.user_id`)} = ${owner.userId}`
    : sql`${sql.ref(`${table}.session_hash`)} = ${owner.sessionHash}`;
}

/** How much the identity has: its posts (placeholders are nobody's), follows, inbox, devices. */
export async function countOwned(db: Executor, owner: Owner): Promise<ErasureCounts> {
  const { rows } = await sql<ErasureCounts>`
    SELECT
      (SELECT count(*)::int FROM questions t WHERE ${ofOwner(owner)}) AS questions,
      (SELECT count(*)::int FROM answers t WHERE ${ofOwner(owner)} AND NOT t.is_deleted) AS answers,
      (SELECT count(*)::int FROM question_updates u JOIN questions t ON t.id = u.question_id
        WHERE ${ofOwner(owner)}) AS updates,
      (SELECT count(*)::int FROM question_follows t WHERE ${ofOwner(owner)}) AS follows,
      (SELECT count(*)::int FROM notifications t WHERE ${ofOwner(owner)}) AS notifications,
      (SELECT count(*)::int FROM push_subscriptions t WHERE ${ofOwner(owner)}) AS devices
  `.execute(db);
  return rows[0] as ErasureCounts;
}

/** The identity's questions, by id. */
export async function ownedQuestionIds(db: Executor, owner: Owner): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT t.id FROM questions t WHERE ${ofOwner(owner)} ORDER BY t.id`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * The identity's live replies under questions that are not its own (those go with their
 * question), by question, newest reply first: a reply is newer than its parent, so the
 * identity's replies under its own replies are deleted before them.
 */
export async function ownedRepliesElsewhere(db: Executor, owner: Owner) {
  const { rows } = await sql<{ id: number; question_id: number }>`
    SELECT t.id, t.question_id FROM answers t JOIN questions q ON q.id = t.question_id
    WHERE ${ofOwner(owner)} AND NOT t.is_deleted AND (${ofOwner(owner, 'q')}) IS NOT TRUE
    ORDER BY t.question_id, t.id DESC`.execute(db);
  return rows;
}

/** Follows, the inbox, the devices and their queued pushes of the identity go. */
export async function deleteFollowsInboxDevices(db: Executor, owner: Owner): Promise<void> {
  await sql`DELETE FROM question_follows t WHERE ${ofOwner(owner)}`.execute(db);
  const { rows } = await sql<{ id: number }>`
    DELETE FROM notifications t WHERE ${ofOwner(owner)} RETURNING t.id`.execute(db);
  if (rows.length > 0) {
    wroteTo([{ user_id: owner.userId, session_hash: owner.sessionHash }]);
  }
  await sql`DELETE FROM push_subscriptions t WHERE ${ofOwner(owner)}`.execute(db);
  await sql`DELETE FROM push_outbox t WHERE ${ofOwner(owner)}`.execute(db);
}

/**
 * An account's posts stay, unlinked for good: no account, no key, nothing that would tie
 * them to anyone again. Thread pseudonyms stay as they were ("Asker", "Anon 2").
 */
export async function unlinkPostsOfUser(db: Executor, userId: number): Promise<void> {
  // In id order, as other writers lock questions, then answers.
  await sql`
    UPDATE questions SET user_id = NULL, session_hash = NULL
    WHERE id IN (SELECT id FROM questions WHERE user_id = ${userId} ORDER BY id FOR UPDATE)`.execute(
    db,
  );
  await sql`
    UPDATE answers SET user_id = NULL, session_hash = NULL
    WHERE id IN (SELECT id FROM answers WHERE user_id = ${userId} ORDER BY id FOR UPDATE)`.execute(
    db,
  );
}

/**
 * Takes back every like of an account, each item's count with it (the liked items locked
 * in id order first, questions then answers, as a like locks its one item). How many.
 */
export async function removeLikesOfUser(db: Executor, userId: number): Promise<number> {
  let removed = 0;
  for (const [items, likes, key] of [
    ['questions', 'question_likes', 'question_id'],
    ['answers', 'answer_likes', 'answer_id'],
  ] as const) {
    await sql`
      SELECT i.id FROM ${sql.table(items)} i
      WHERE i.id IN (SELECT l.${sql.ref(key)} FROM ${sql.table(likes)} l WHERE l.user_id = ${userId})
      ORDER BY i.id FOR UPDATE`.execute(db);
    const result = await sql`
      WITH gone AS (
        DELETE FROM ${sql.table(likes)} WHERE user_id = ${userId} RETURNING ${sql.ref(key)} AS id
      )
      UPDATE ${sql.table(items)} i SET likes = greatest(i.likes - 1, 0)
      FROM gone WHERE i.id = gone.id`.execute(db);
    removed += Number(result.numAffectedRows ?? 0);
  }
  return removed;
}

/**
 * Replay records (plugins/idempotency.ts) kept for a day hold the response of a write, a
 * post's `user` included: an account's go with it, so that none ties a post to it.
 */
export async function forgetRepliesNamingUser(db: Executor, userId: number): Promise<void> {
  await sql`
    DELETE FROM idempotency_keys
    WHERE body ~ ${`"user":${userId}[,}]|^\\{"id":${userId},"username":`}`.execute(db);
}

/**
 * Replay records (plugins/idempotency.ts) kept for a day hold the response of each write,
 * words included: the identity's questions, replies and updates are erased from them too,
 * before the posts themselves (which name them). A record is known by its response: a
 * question's has `tags`, a reply's `parent_id`, an update's neither `likes` nor `tags`; its
 * `id` is the post's. Others' records stay, for their authors' retries.
 */
export async function forgetRepliesOfPosts(db: Executor, owner: Owner): Promise<void> {
  await sql`
    WITH q AS (SELECT t.id FROM questions t WHERE ${ofOwner(owner)}),
    a AS (SELECT t.id FROM answers t WHERE ${ofOwner(owner)}),
    u AS (SELECT u.id FROM question_updates u JOIN questions t ON t.id = u.question_id
      WHERE ${ofOwner(owner)}),
    replay AS (
      SELECT k.id, k.body::jsonb AS b FROM idempotency_keys k WHERE k.body LIKE '{"id":%'
    )
    DELETE FROM idempotency_keys k USING replay r
    WHERE k.id = r.id AND (
      (jsonb_exists(r.b, 'tags') AND (r.b->>'id')::bigint IN (SELECT id FROM q))
      OR (jsonb_exists(r.b, 'parent_id') AND (r.b->>'id')::bigint IN (SELECT id FROM a))
      OR (NOT jsonb_exists(r.b, 'likes') AND NOT jsonb_exists(r.b, 'tags')
        AND (r.b->>'id')::bigint IN (SELECT id FROM u)))`.execute(db);
}

/** The account, with its refresh tokens (by cascade). */
export async function deleteUserRow(db: Executor, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// The export's reads.

export function exportedQuestions(db: Executor, owner: Owner) {
  return sql<{
    id: number;
    text: string;
    tags: string[];
    gender: string;
    age_range: string;
    likes: number;
    answer_count: number;
    hidden_at: Date | null;
    hidden_reason: string | null;
    created_at: Date;
    edited_at: Date | null;
  }>`
    SELECT t.id, t.text, t.gender, t.age_range, t.likes, t.answer_count, t.hidden_at,
      t.hidden_reason, t.created_at, t.edited_at,
      array(SELECT g.name FROM question_tags qt JOIN tags g ON g.id = qt.tag_id
        WHERE qt.question_id = t.id ORDER BY g.name) AS tags
    FROM questions t WHERE ${ofOwner(owner)} ORDER BY t.id`.execute(db);
}

export function exportedAnswers(db: Executor, owner: Owner) {
  return sql<{
    id: number;
    question_id: number;
    parent_id: number | null;
    text: string;
    gender: string;
    age_range: string;
    likes: number;
    helpful: boolean;
    hidden_at: Date | null;
    hidden_reason: string | null;
    created_at: Date;
    edited_at: Date | null;
  }>`
    SELECT t.id, t.question_id, t.parent_id, t.text, t.gender, t.age_range, t.likes, t.helpful,
      t.hidden_at, t.hidden_reason, t.created_at, t.edited_at
    FROM answers t WHERE ${ofOwner(owner)} AND NOT t.is_deleted ORDER BY t.id`.execute(db);
}

export function exportedUpdates(db: Executor, owner: Owner) {
  return sql<{ id: number; question_id: number; text: string; created_at: Date }>`
    SELECT u.id, u.question_id, u.text, u.created_at
    FROM question_updates u JOIN questions t ON t.id = u.question_id
    WHERE ${ofOwner(owner)} ORDER BY u.id`.execute(db);
}

export function exportedFollows(db: Executor, owner: Owner) {
  return sql<{ question_id: number; muted: boolean; created_at: Date }>`
    SELECT t.question_id, t.muted, t.created_at FROM question_follows t
    WHERE ${ofOwner(owner)} ORDER BY t.id`.execute(db);
}

export function exportedNotifications(db: Executor, owner: Owner) {
  return sql<
    Pick<
      NotificationRow,
      | 'id'
      | 'kind'
      | 'question_id'
      | 'answer_id'
      | 'count'
      | 'excerpt'
      | 'author_label'
      | 'created_at'
      | 'read_at'
    >
  >`
    SELECT t.id, t.kind, t.question_id, t.answer_id, t.count, t.excerpt, t.author_label,
      t.created_at, t.read_at
    FROM notifications t WHERE ${ofOwner(owner)} ORDER BY t.id`.execute(db);
}

/** Devices: their endpoints (read only to take their origin) and when, never their keys. */
export function exportedDevices(db: Executor, owner: Owner) {
  return sql<{ endpoint: string; created_at: Date }>`
    SELECT t.endpoint, t.created_at FROM push_subscriptions t
    WHERE ${ofOwner(owner)} ORDER BY t.id`.execute(db);
}

/** An account's likes (a key's cannot be listed). */
export function exportedLikesOfUser(db: Executor, userId: number) {
  return sql<{ type: 'question' | 'answer'; id: number; created_at: Date }>`
    SELECT 'question' AS type, question_id AS id, created_at FROM question_likes
    WHERE user_id = ${userId}
    UNION ALL
    SELECT 'answer', answer_id, created_at FROM answer_likes WHERE user_id = ${userId}
    ORDER BY created_at, type, id`.execute(db);
}

/** An account's reports (a key's cannot be listed). */
export function exportedReportsOfUser(db: Executor, userId: number) {
  return sql<{
    id: number;
    target_type: 'question' | 'answer';
    question_id: number | null;
    answer_id: number | null;
    reason: string;
    details: string | null;
    status: string;
    created_at: Date;
    reviewed_at: Date | null;
  }>`
    SELECT id, target_type, question_id, answer_id, reason, details, status, created_at,
      reviewed_at
    FROM reports WHERE user_id = ${userId} ORDER BY id`.execute(db);
}

/** The account's sign-ins that can still be refreshed. */
export function exportedSignIns(db: Executor, userId: number) {
  return sql<{ created_at: Date; expires_at: Date }>`
    SELECT created_at, expires_at FROM refresh_tokens
    WHERE user_id = ${userId} AND revoked_at IS NULL AND used_at IS NULL AND expires_at > now()
    ORDER BY created_at`.execute(db);
}

/** The identity's silences, running or not: what it was told, never who set them. */
export function exportedSilences(db: Executor, owner: Owner) {
  return sql<{
    reason: string;
    days: number;
    created_at: Date;
    ends_at: Date;
    lifted_at: Date | null;
  }>`
    SELECT t.reason, t.days, t.created_at, t.ends_at, t.lifted_at
    FROM silences t WHERE ${ofOwner(owner)} ORDER BY t.id`.execute(db);
}

export function exportedAccount(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'is_staff', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The account to delete: its login names and its password's hash. */
export function findAccountForDeletion(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
