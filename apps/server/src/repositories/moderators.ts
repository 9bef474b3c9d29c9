/** Who moderates (migration 0023): admins appoint and remove moderators. */
import type { Executor } from '../db/connection.ts';

/** The account with this username (case-insensitively), locked while its role changes. */
export function lockUserByUsername(db: Executor, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'is_moderator'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .forUpdate()
    .executeTakeFirst();
}

export async function setModeratorFlag(db: Executor, id: number, on: boolean) {
  await db.updateTable('users').set({ is_moderator: on }).where('id', '=', id).execute();
}

/** Every moderator, by username. */
export function listModerators(db: Executor) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('is_moderator', '=', true)
    .orderBy('username')
    .execute();
}
