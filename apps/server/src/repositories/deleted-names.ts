/** Login names of deleted accounts (migration 0021), kept as MACs (lib/deleted-names.ts). */
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';

/** Keeps these names from new accounts from now on (again: the clock starts over). */
export async function recordDeletedNames(db: Executor, macs: readonly Buffer[]): Promise<void> {
  if (macs.length === 0) return;
  await db
    .insertInto('deleted_login_names')
    .values(macs.map((name_mac) => ({ name_mac })))
    .onConflict((oc) => oc.column('name_mac').doUpdateSet({ deleted_at: sql<Date>`now()` }))
    .execute();
}

/** Whether the name was an account's deleted less than `days` days ago. */
export async function nameRecentlyDeleted(
  db: Executor,
  mac: Buffer,
  days: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('deleted_login_names')
    .select('name_mac')
    .where('name_mac', '=', mac)
    .where('deleted_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Names deleted `days` days ago or more are free again: their rows go (the purger). */
export async function purgeDeletedNames(db: Executor, days: number): Promise<number> {
  const result = await db
    .deleteFrom('deleted_login_names')
    .where('deleted_at', '<=', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
