/** Idempotency keys (plugins/idempotency.ts): keyed hashes, and the response once sent. */
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';

export interface IdempotencyKeyClaim {
  id: Buffer;
  fingerprint: Buffer;
  expiresAt: Date;
}

/** A key in force: its request's fingerprint, and its response once recorded. */
export function findIdempotencyKey(db: Executor, id: Buffer) {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'body', 'created_at'])
    .where('id', '=', id)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Takes a key (or one that has expired) for a request. False when the key is in force
 * for another request: in a transaction, that is known once the other one has committed
 * (a unique index wait), so two requests never both take a key.
 */
export async function claimIdempotencyKey(
  db: Executor,
  claim: IdempotencyKeyClaim,
): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ id: claim.id, fingerprint: claim.fingerprint, expires_at: claim.expiresAt })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          fingerprint: claim.fingerprint,
          expires_at: claim.expiresAt,
          created_at: sql<Date>`now()`,
          status: null,
          body: null,
        })
        .where('idempotency_keys.expires_at', '<=', sql<Date>`now()`),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps the response of a key's request, once. */
export async function recordIdempotentResponse(
  db: Executor,
  id: Buffer,
  response: { status: number; body: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: response.status, body: response.body })
    .where('id', '=', id)
    .where('status', 'is', null)
    .execute();
}

/** Drops expired keys, a batch at a time; returns how many. */
export async function deleteExpiredIdempotencyKeys(db: Executor, batch = 1_000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom('idempotency_keys')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('idempotency_keys')
          .select('id')
          .where('expires_at', '<=', sql<Date>`now()`)
          .limit(batch),
      )
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < batch) return total;
  }
}
