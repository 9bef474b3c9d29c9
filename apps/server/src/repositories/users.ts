import type { Executor } from '../db/connection.ts';

export function findUserById(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'is_staff'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A login name is a username or, when it contains '@', an email; both case-insensitive. */
export function findUserForLogin(db: Executor, by: { username?: string; email?: string }) {
  let query = db.selectFrom('users').select(['id', 'password_hash']);
  query =
    by.email !== undefined
      ? query.where((eb) => eb(eb.fn('lower', ['email']), '=', by.email?.toLowerCase() ?? ''))
      : query.where((eb) =>
          eb(eb.fn('lower', ['username']), '=', by.username?.toLowerCase() ?? ''),
        );
  return query.executeTakeFirst();
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
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

/** Creates the admin, or makes an existing user (found case-insensitively) an admin. */
export async function upsertAdmin(db: Executor, username: string, passwordHash: string) {
  const existing = await db
    .updateTable('users')
    .set({ is_staff: true, password_hash: passwordHash })
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .returning(['id', 'username'])
    .executeTakeFirst();
  if (existing) return { ...existing, created: false };
  const created = await insertUser(db, { username, email: null, passwordHash, isStaff: true });
  return { ...created, created: true };
}
