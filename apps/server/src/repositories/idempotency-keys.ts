/** Idempotency keys (plugins/idempotency.ts): keyed hashes, and the response once sent. */
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import type { IdempotencyKeyClaim } from '../db/rows.ts';

/** A key in force: its request's fingerprint, and its response once recorded. */
export function findIdempotencyKey(db: Executor, id: Buffer) {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'body', 'created_at'])
    .where('id', '=', id)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** `findIdempotencyKey` of many keys in one statement: each key's row, or undefined. */
export async function findIdempotencyKeys(db: Executor, ids: readonly Buffer[]) {
  const rows = await db
    .selectFrom('idempotency_keys')
    .select(['id', 'fingerprint', 'status', 'body', 'created_at'])
    .where('id', '=', sql<Buffer>`ANY(${[...ids]}::bytea[])`)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  const byId = new Map(rows.map((row) => [row.id.toString('hex'), row]));
  return ids.map((id) => byId.get(id.toString('hex')));
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
  const { rows } = await sql<{ id: Buffer }>`
    WITH ${keyClaims(sql`(SELECT ${claim.id}::bytea AS id, ${claim.fingerprint}::bytea AS fingerprint,
      ${claim.expiresAt}::timestamptz AS expires_at)`)}
    SELECT id FROM claimed`.execute(db);
  return rows.length > 0;
}

/**
 * `claimIdempotencyKey` of each key the relation `keys` names (columns id, fingerprint,
 * expires_at), inside a statement that writes what they were sent for: the statement's
 * `claimed` CTE returns the ids it took, and the write goes ahead only for those. In the
 * order of their ids, so that two statements never wait for each other's keys in a circle.
 */
export function keyClaims(keys: RawBuilder<unknown>) {
  return sql`claimed AS (
      INSERT INTO idempotency_keys (id, fingerprint, expires_at)
      SELECT id, fingerprint, expires_at FROM ${keys} AS k ORDER BY id
      ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint,
        expires_at = excluded.expires_at, created_at = now(), status = NULL, body = NULL
        WHERE idempotency_keys.expires_at <= now()
      RETURNING id
    )`;
}

/** `recordIdempotentResponse` of many keys, in one statement. */
export async function recordIdempotentResponses(
  db: Executor,
  responses: readonly { id: Buffer; status: number; body: string }[],
): Promise<void> {
  if (responses.length === 0) return;
  await sql`
    UPDATE idempotency_keys k SET status = r.status, body = r.body
    FROM unnest(${responses.map((r) => r.id)}::bytea[], ${responses.map((r) => r.status)}::smallint[],
      ${responses.map((r) => r.body)}::text[]) AS r (id, status, body)
    WHERE k.id = r.id AND k.status IS NULL`.execute(db);
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
