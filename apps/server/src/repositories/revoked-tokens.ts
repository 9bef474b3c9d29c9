/** Access tokens revoked before their expiry (auth/denylist.ts), by 'jti:<id>' or 'fam:<id>'. */
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';

export interface RevokedToken {
  id: string;
  expiresAt: Date;
}

/** Records revocations; a repeat keeps the later expiry. */
export async function insertRevokedTokens(db: Executor, entries: RevokedToken[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('revoked_tokens')
    .values(entries.map((entry) => ({ id: entry.id, expires_at: entry.expiresAt })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        expires_at: sql<Date>`greatest(revoked_tokens.expires_at, excluded.expires_at)`,
      }),
    )
    .execute();
}

/** Whether any of the ids is revoked and not yet expired. */
export async function anyRevoked(db: Executor, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const row = await db
    .selectFrom('revoked_tokens')
    .select('id')
    .where('id', 'in', ids)
    .where('expires_at', '>', sql<Date>`now()`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every revocation still in force. */
export async function liveRevokedTokens(db: Executor): Promise<RevokedToken[]> {
  const rows = await db
    .selectFrom('revoked_tokens')
    .select(['id', 'expires_at'])
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  return rows.map((row) => ({ id: row.id, expiresAt: row.expires_at }));
}

/** Drops revocations whose tokens have expired anyway; returns how many. */
export async function deleteExpiredRevokedTokens(db: Executor): Promise<number> {
  const result = await db
    .deleteFrom('revoked_tokens')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
