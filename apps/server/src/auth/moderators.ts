/**
 * Appointing and removing moderators, by username: the admins' API call and
 * `npm run moderator`. Idempotent: appointing a moderator again (or removing someone who
 * is none) changes nothing and logs nothing. A change is logged with the admin who made it
 * (none from the command line); it takes effect on the account's next request, since the
 * auth plugin reads the role on each.
 */
import type { StaffRole } from '@dating/contract';
import type { Db } from '../db/connection.ts';
import { insertLogEntry } from '../repositories/moderation.ts';
import { lockUserByUsername, setModeratorFlag } from '../repositories/moderators.ts';

export interface ModeratorChange {
  id: number;
  username: string;
  /** False when the account already was (or was not) a moderator. */
  changed: boolean;
}

/** null: no account has this username. */
export function setModerator(
  db: Db,
  username: string,
  on: boolean,
  by: { adminId: number; role: StaffRole } | null,
): Promise<ModeratorChange | null> {
  return db.transaction().execute(async (tx) => {
    const user = await lockUserByUsername(tx, username);
    if (!user) return null;
    if (user.is_moderator === on) return { id: user.id, username: user.username, changed: false };
    await setModeratorFlag(tx, user.id, on);
    await insertLogEntry(tx, {
      action: on ? 'appoint_moderator' : 'remove_moderator',
      adminId: by?.adminId ?? null,
      role: by?.role ?? null,
      target: { type: 'account', id: user.id },
      questionId: null,
    });
    return { id: user.id, username: user.username, changed: true };
  });
}
