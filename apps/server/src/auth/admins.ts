/**
 * Making sure an admin exists: start-up's ADMIN_USERNAME/ADMIN_PASSWORD and
 * `npm run create-admin`. An existing account is promoted and given the password, and
 * every refresh token it held is revoked, so whoever had the account before (someone who
 * registered the name first, say) cannot refresh into admin access. An admin that already
 * has this password is left alone, so a restart signs nobody out.
 */
import type { Db } from '../db/connection.ts';
import {
  findUserByUsernameForUpdate,
  insertUser,
  makeStaff,
  revokeRefreshTokensOf,
} from '../repositories/users.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export type AdminOutcome = 'created' | 'promoted' | 'unchanged';

export function ensureAdmin(db: Db, username: string, password: string) {
  return db.transaction().execute(async (tx) => {
    const existing = await findUserByUsernameForUpdate(tx, username);
    if (!existing) {
      const passwordHash = await hashPassword(password);
      const created = await insertUser(tx, { username, email: null, passwordHash, isStaff: true });
      return { ...created, outcome: 'created' as AdminOutcome };
    }
    const { id } = existing;
    if (existing.is_staff && (await verifyPassword(existing.password_hash, password))) {
      return { id, username: existing.username, outcome: 'unchanged' as AdminOutcome };
    }
    await makeStaff(tx, id, await hashPassword(password));
    await revokeRefreshTokensOf(tx, id);
    return { id, username: existing.username, outcome: 'promoted' as AdminOutcome };
  });
}
