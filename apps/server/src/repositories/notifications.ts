/**
 * Inboxes (migration 0013). A recipient is an account (user_id) or an anonymous key (its
 * hash), as ownership is stored. Writers upsert: while a recipient has an unread row of a
 * question and kind, a new event bumps it (count, time, newest post) instead of adding one.
 */
import { API_MSG, LIMITS, type NotificationKind } from '@dating/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import { PREPARED } from '../db/prepared.ts';
import type { Owner } from '../db/rows.ts';
import type { InboxCursor } from '../lib/cursor.ts';

/** Who is told: an account or a key, never both. */
export interface Recipient {
  user_id: number | null;
  session_hash: Buffer | null;
}

/** What one recipient is told of (each recipient once per event, with one kind). */
export interface Notice {
  kind: NotificationKind;
  recipient: Recipient;
}

/** What every notice of one event says. */
export interface NewNotification {
  questionId: number | null;
  answerId: number | null;
  excerpt: string;
  authorLabel: string | null;
}

export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  question_id: number | null;
  answer_id: number | null;
  count: number;
  excerpt: string;
  author_label: string | null;
  created_at: Date;
  read_at: Date | null;
  /** Microseconds since the epoch, for the next page's cursor. */
  at: string;
  /** Its question's first words and who may see them (all null once the question is gone). */
  question_text: string | null;
  question_hidden_at: Date | null;
  question_user_id: number | null;
  question_session_hash: Buffer | null;
}

/** An inbox as the change feed names it (migration 0013): `u<user id>` or `k<key hash, hex>`. */
export function recipientKey(who: Owner | Recipient): string {
  const userId = 'userId' in who ? who.userId : who.user_id;
  const hash = 'userId' in who ? who.sessionHash : who.session_hash;
  return userId !== null ? `u${userId}` : `k${(hash as Buffer).toString('hex')}`;
}

type InboxWatcher = (recipients: readonly string[]) => void;
const inboxWatchers = new Set<InboxWatcher>();

/**
 * Calls `watcher` with the inboxes that a statement of this process has just changed, in a
 * transaction that may yet commit or roll back (services/unread-counts.ts stops trusting
 * its kept counts of them until the change feed has surely told of it). Returns the
 * function that stops watching.
 */
export function watchInboxWrites(watcher: InboxWatcher): () => void {
  inboxWatchers.add(watcher);
  return () => inboxWatchers.delete(watcher);
}

function wrote(recipients: readonly string[]) {
  if (recipients.length === 0) return;
  for (const watcher of inboxWatchers) watcher(recipients);
}

/**
 * Tells the inbox watchers of a write to these recipients' inboxes, in a transaction that
 * may yet commit, or has just committed (a statement of its own that told them).
 */
export function wroteTo(recipients: readonly Recipient[]) {
  wrote(recipients.map(recipientKey));
}

function ofRecipient(author: Owner): RawBuilder<unknown> {
  return author.userId !== null
    ? sql`user_id = ${author.userId}`
    : sql`session_hash = ${author.sessionHash}`;
}

/** One event's notices: who is told, and what every notice of it says. */
export interface NoticeEvent {
  notices: readonly Notice[];
  notification: NewNotification;
}

/** Tells each recipient of one event (`notifyAll` of one). */
export function notify(db: Executor, notices: readonly Notice[], notification: NewNotification) {
  return notifyAll(db, [{ notices, notification }]);
}

/**
 * Tells each recipient of each event, whatever its kind, accounts and keys, in one statement
 * (call inside the transaction of what caused them). Events of one statement are about
 * different questions: an upsert may not meet the same unread row twice.
 */
export async function notifyAll(db: Executor, events: readonly NoticeEvent[]) {
  const told = events.flatMap(({ notices, notification }) =>
    notices.map((notice) => ({ ...notice, ...notification })),
  );
  if (told.length === 0) return;
  wroteTo(told.map((notice) => notice.recipient));
  await sql`${PREPARED}
    WITH notices AS (
      SELECT * FROM unnest(${told.map((n) => n.recipient.user_id)}::int[],
        ${told.map((n) => n.recipient.session_hash)}::bytea[], ${told.map((n) => n.kind)}::text[],
        ${told.map((n) => n.questionId)}::int[], ${told.map((n) => n.answerId)}::int[],
        ${told.map((n) => n.excerpt)}::text[], ${told.map((n) => n.authorLabel)}::text[])
        AS t(user_id, session_hash, kind, question_id, answer_id, excerpt, author_label)
    ), ${noticeUpserts(sql`notices`)}
    SELECT 1`.execute(db);
}

/**
 * The upserts, as two CTEs of a WITH, of the notices the relation `notices` names (columns
 * user_id, session_hash, kind, question_id, answer_id, excerpt, author_label). Each inbox
 * has its own unique index, so accounts' and keys' are an upsert each. A later event of the
 * same kind and question bumps the unread row: newest post first.
 *
 * In the order markRead locks an inbox's rows (question, then kind): a statement that bumps
 * a recipient's rows of two questions and a marking of that inbox as read wait for each
 * other in the same order, never in a circle.
 */
export function noticeUpserts(notices: RawBuilder<unknown>) {
  const bump = sql`DO UPDATE SET count = n.count + 1, created_at = now(),
    answer_id = excluded.answer_id, excerpt = excluded.excerpt, author_label = excluded.author_label`;
  return sql`told_users AS (
      INSERT INTO notifications AS n (user_id, kind, question_id, answer_id, excerpt, author_label)
      SELECT user_id, kind, question_id, answer_id, excerpt, author_label FROM ${notices}
      WHERE user_id IS NOT NULL ORDER BY question_id, kind
      ON CONFLICT (user_id, question_id, kind) WHERE read_at IS NULL AND user_id IS NOT NULL
      ${bump}
    ), told_keys AS (
      INSERT INTO notifications AS n (session_hash, kind, question_id, answer_id, excerpt, author_label)
      SELECT session_hash, kind, question_id, answer_id, excerpt, author_label FROM ${notices}
      WHERE user_id IS NULL ORDER BY question_id, kind
      ON CONFLICT (session_hash, question_id, kind)
        WHERE read_at IS NULL AND session_hash IS NOT NULL
      ${bump}
    )`;
}

/** One page of an inbox, newest first; one row more than `limit` says another page follows. */
export async function listNotifications(
  db: Executor,
  recipient: Owner,
  page: { limit: number; after?: InboxCursor },
): Promise<NotificationRow[]> {
  const after = page.after;
  // The page first, then its questions: one index lookup per item shown.
  const { rows } = await sql<NotificationRow>`
    SELECT n.*, left(q.search_text, ${LIMITS.questionTextExcerptMax}) AS question_text,
      q.hidden_at AS question_hidden_at, q.user_id AS question_user_id,
      q.session_hash AS question_session_hash
    FROM (
      SELECT id, kind, question_id, answer_id, count, excerpt, author_label, created_at, read_at,
        (extract(epoch FROM created_at) * 1000000)::bigint::text AS at
      FROM notifications
      WHERE ${ofRecipient(recipient)}
        ${after === undefined ? sql`` : sql`AND ((extract(epoch FROM created_at) * 1000000)::bigint, id) < (${after.at}::bigint, ${after.id}::int)`}
      ORDER BY created_at DESC, id DESC
      LIMIT ${page.limit + 1}
    ) AS n
    LEFT JOIN questions q ON q.id = n.question_id
    ORDER BY n.created_at DESC, n.id DESC`.execute(db);
  return rows;
}

/** How many unread notifications the recipient has: an index-only count of their unread rows. */
export async function countUnread(db: Executor, recipient: Owner): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM notifications
    WHERE ${ofRecipient(recipient)} AND read_at IS NULL`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Which of an inbox's notifications are read: all, these ids, or all about one question. */
export type ReadSelection = 'all' | { ids: readonly number[] } | { question: number };

function selected(which: ReadSelection): RawBuilder<unknown> {
  if (which === 'all') return sql``;
  if ('ids' in which) return sql`AND id = ANY(${[...which.ids]}::int[])`;
  return sql`AND question_id = ${which.question}`;
}

/** Marks the recipient's notifications read, those `which` names (others' change nothing). */
export async function markRead(db: Executor, recipient: Owner, which: ReadSelection) {
  wrote([recipientKey(recipient)]);
  // Its rows locked by question, then kind, as notifyAll bumps them.
  await sql`
    UPDATE notifications SET read_at = now()
    WHERE id IN (
      SELECT id FROM notifications
      WHERE ${ofRecipient(recipient)} AND read_at IS NULL ${selected(which)}
      ORDER BY question_id, kind FOR UPDATE
    )`.execute(db);
}

/**
 * A post went away (deleted) or out of sight (hidden): the notifications about it go too,
 * all of them when deleted (their links would lead nowhere), the unread ones when hidden;
 * the read ones of a hidden post stay in their inboxes without what they quoted of it: the
 * notice a hidden post shows in its place. Moderation notices stay: they tell the author
 * what happened to it.
 */
export async function dropNotificationsOf(
  db: Executor,
  post: { type: 'question' | 'answer'; id: number },
  why: 'deleted' | 'hidden',
) {
  const about = sql`${post.type === 'question' ? sql`question_id` : sql`answer_id`} = ${post.id}
    AND kind <> 'moderation'`;
  const { rows } = await sql<Recipient>`
    DELETE FROM notifications
    WHERE ${about} ${why === 'hidden' ? sql`AND read_at IS NULL` : sql``}
    RETURNING user_id, session_hash`.execute(db);
  wrote(rows.map(recipientKey));
  if (why === 'deleted') return;
  const notice = post.type === 'question' ? API_MSG.hiddenQuestion : API_MSG.hiddenReply;
  await sql`UPDATE notifications SET excerpt = ${notice} WHERE ${about}`.execute(db);
}

/**
 * A reply was edited: every notification that quotes it (the ones whose newest post it is)
 * quotes it as it now reads. Only the excerpt changes: no inbox is told anything new.
 */
export async function setExcerptsOf(db: Executor, answerId: number, excerpt: string) {
  await sql`
    UPDATE notifications SET excerpt = ${excerpt}
    WHERE answer_id = ${answerId} AND kind <> 'moderation' AND excerpt <> ${excerpt}`.execute(db);
}

/** Read notifications older than `days` days go (the sweeper, services/notifications.ts). */
export async function purgeReadNotifications(db: Executor, days: number): Promise<number> {
  const result = await sql`
    DELETE FROM notifications WHERE read_at < now() - make_interval(days => ${days})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * A claimed key's notifications become the account's (call inside the claim's
 * transaction). An unread row of a question and kind the account already has unread is
 * folded into the account's.
 */
export async function moveNotificationsToUser(db: Executor, sessionHash: Buffer, userId: number) {
  wrote([recipientKey({ userId: null, sessionHash }), recipientKey({ userId, sessionHash: null })]);
  await sql`
    WITH moved AS (DELETE FROM notifications WHERE session_hash = ${sessionHash} RETURNING *)
    INSERT INTO notifications AS n
      (user_id, kind, question_id, answer_id, count, excerpt, author_label, created_at, read_at)
    SELECT ${userId}, kind, question_id, answer_id, count, excerpt, author_label, created_at, read_at
    FROM moved
    ON CONFLICT (user_id, question_id, kind) WHERE read_at IS NULL AND user_id IS NOT NULL
    DO UPDATE SET count = n.count + excluded.count,
      created_at = greatest(n.created_at, excluded.created_at)`.execute(db);
}
