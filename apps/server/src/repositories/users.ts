import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';

export function findUserById(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'is_staff', 'is_moderator'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The account a login name names, case-insensitively. A name sent as an email (the web
 * app sends any input with '@' so) may be an email or a username, since usernames may hold
 * '@' too; registration keeps the two apart, and should a race ever let both exist, the
 * email wins.
 */
export function findUserForLogin(db: Executor, login: string, asEmail: boolean) {
  const name = login.toLowerCase();
  const query = db.selectFrom('users').select(['id', 'password_hash']);
  if (!asEmail)
    return query.where((eb) => eb(eb.fn('lower', ['username']), '=', name)).executeTakeFirst();
  return query
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['email']), '=', name),
        eb(eb.fn('lower', ['username']), '=', name),
      ]),
    )
    .orderBy(sql`lower(email) = ${name}`, sql.raw('DESC NULLS LAST'))
    .limit(1)
    .executeTakeFirst();
}

/**
 * Whether a login name is in use, as a username or as an email (case-insensitively).
 * Usernames and emails share one namespace, so every login name names one account.
 */
export async function loginNameTaken(db: Executor, name: string): Promise<boolean> {
  const lower = name.toLowerCase();
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', lower),
        eb(eb.fn('lower', ['email']), '=', lower),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export function insertUser(
  db: Executor,
  user: { username: string; email: string | null; passwordHash: string; isStaff?: boolean },
) {
  return db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      password_hash: user.passwordHash,
      is_staff: user.isStaff ?? false,
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
}

/** The account with this username (case-insensitively), locked for an update. */
export function findUserByUsernameForUpdate(db: Executor, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'is_staff', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .forUpdate()
    .executeTakeFirst();
}

export async function makeStaff(db: Executor, id: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ is_staff: true, password_hash: passwordHash })
    .where('id', '=', id)
    .execute();
}

/** Signs the account out everywhere: every refresh token it holds stops working. */
export async function revokeRefreshTokensOf(db: Executor, userId: number) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
