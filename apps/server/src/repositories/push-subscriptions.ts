/**
 * Web Push subscriptions and the push outbox (migration 0014). A subscription belongs to
 * one identity, an account by its id or a key by its hash, as notifications do; one
 * endpoint (one browser) belongs to one identity at a time.
 */
import type { NotificationKind } from '@dating/contract';
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import type { Owner } from '../db/rows.ts';
import type { Recipient } from './notifications.ts';

export interface PushSubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push still to be sent: who is told, and of what. */
export interface QueuedPush extends Recipient {
  id: number;
  kind: NotificationKind;
  question_id: number | null;
  answer_id: number | null;
  created_at: Date;
}

function ofRecipient(who: Recipient) {
  return who.user_id !== null
    ? sql`user_id = ${who.user_id}`
    : sql`session_hash = ${who.session_hash}`;
}

const recipientOf = (author: Owner): Recipient => ({
  user_id: author.userId,
  session_hash: author.sessionHash,
});

/**
 * Keeps a browser's subscription under the identity (again: the keys are replaced, and a
 * browser another identity subscribed moves here). False, and nothing kept, when the
 * identity already has `max` other subscriptions.
 */
export async function saveSubscription(
  db: Executor,
  author: Owner,
  subscription: { endpoint: string; p256dh: string; auth: string },
  max: number,
): Promise<boolean> {
  const { endpoint, p256dh, auth } = subscription;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO push_subscriptions (user_id, session_hash, endpoint, p256dh, auth)
    SELECT ${author.userId}::int, ${author.sessionHash}::bytea, ${endpoint}, ${p256dh}, ${auth}
    WHERE (SELECT count(*) FROM push_subscriptions
           WHERE ${ofRecipient(recipientOf(author))} AND endpoint <> ${endpoint}) < ${max}
    ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id,
      session_hash = excluded.session_hash, p256dh = excluded.p256dh, auth = excluded.auth,
      created_at = now()
    RETURNING id`.execute(db);
  return rows.length > 0;
}

/** Forgets the identity's subscription of this endpoint (another identity's stays). */
export async function deleteSubscription(db: Executor, author: Owner, endpoint: string) {
  await sql`
    DELETE FROM push_subscriptions
    WHERE endpoint = ${endpoint} AND ${ofRecipient(recipientOf(author))}`.execute(db);
}

/** The push service said the subscription is gone (404, 410): it is forgotten. */
export async function dropSubscription(db: Executor, id: number) {
  await sql`DELETE FROM push_subscriptions WHERE id = ${id}`.execute(db);
}

export async function subscriptionsOf(
  db: Executor,
  recipient: Recipient,
): Promise<PushSubscriptionRow[]> {
  const { rows } = await sql<PushSubscriptionRow>`
    SELECT id, endpoint, p256dh, auth FROM push_subscriptions
    WHERE ${ofRecipient(recipient)} ORDER BY id`.execute(db);
  return rows;
}

/**
 * A claimed key's subscriptions become the account's (call inside the claim's transaction);
 * beyond `max`, the account keeps its newest.
 */
export async function moveSubscriptionsToUser(
  db: Executor,
  sessionHash: Buffer,
  userId: number,
  max: number,
) {
  await sql`
    UPDATE push_subscriptions SET user_id = ${userId}, session_hash = NULL
    WHERE session_hash = ${sessionHash}`.execute(db);
  await sql`
    DELETE FROM push_subscriptions WHERE id IN (
      SELECT id FROM push_subscriptions WHERE user_id = ${userId}
      ORDER BY created_at DESC, id DESC OFFSET ${max})`.execute(db);
}

/** Takes a queued push to send it: whoever takes it (one instance) sends it. */
export async function takeQueuedPush(db: Executor, id: number): Promise<QueuedPush | null> {
  const { rows } = await sql<QueuedPush>`
    DELETE FROM push_outbox WHERE id = ${id}
    RETURNING id, user_id, session_hash, kind, question_id, answer_id, created_at`.execute(db);
  return rows[0] ?? null;
}

/** Takes up to `limit` queued pushes, oldest first (after the change feed missed some). */
export async function takeQueuedPushes(db: Executor, limit: number): Promise<QueuedPush[]> {
  const { rows } = await sql<QueuedPush>`
    DELETE FROM push_outbox WHERE id IN (
      SELECT id FROM push_outbox ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, user_id, session_hash, kind, question_id, answer_id, created_at`.execute(db);
  return rows;
}
