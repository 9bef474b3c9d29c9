/**
 * Creating an account: every problem of a registration at once, one entry per field, and
 * the account written once its name and e-mail are free.
 */
import {
  type ErrorCode,
  LIMITS,
  normalizeUsername,
  type RegisterBody,
  usernameProblem,
} from '@dating/contract';
import type { Db, WriteClaim } from '../db/connection.ts';
import type { DeletedNames } from '../lib/deleted-names.ts';
import { fieldErrors, type Message, message } from '../lib/http-errors.ts';
import { nameRecentlyDeleted } from '../repositories/deleted-names.ts';
import { insertUser, loginNameTaken } from '../repositories/users.ts';
import { hashPassword } from './passwords.ts';

// Deliberately simple: one @, something on each side, a dot in the domain, no spaces.
const emailRe = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function passwordProblems(password: string, username: string | null): ErrorCode[] {
  const problems: ErrorCode[] = [];
  if (password.length < LIMITS.passwordMin) problems.push('passwordTooShort');
  if (password.length > LIMITS.passwordMax) problems.push('passwordTooLong');
  if (/^\d+$/.test(password)) problems.push('passwordNumeric');
  if (username !== null && password.toLowerCase() === normalizeUsername(username).toLowerCase()) {
    problems.push('passwordLikeUsername');
  }
  return problems;
}

/**
 * Every problem of a registration: those the schema found (a missing field, a wrong type,
 * malformed text) and the rules of the fields it passed.
 */
export function registrationProblems(
  body: unknown,
  schemaProblems: Record<string, Message[]>,
): Record<string, Message[]> {
  const errors: Record<string, Message[]> = { ...schemaProblems };
  const add = (field: string, ...codes: ErrorCode[]) => {
    if (codes.length > 0) {
      errors[field] = [...(errors[field] ?? []), ...codes.map((code) => message(code))];
    }
  };
  const fields = (body ?? {}) as Partial<Record<keyof RegisterBody, unknown>>;
  const text = (field: keyof RegisterBody) =>
    field in schemaProblems || typeof fields[field] !== 'string' ? null : (fields[field] as string);
  const username = text('username');
  const password = text('password');
  const password2 = text('password2');
  const email = text('email')?.trim();
  if (username !== null) {
    const name = normalizeUsername(username);
    const problem = name === '' ? 'required' : usernameProblem(name);
    if (problem !== null) add('username', problem);
  }
  if (password === '') add('password', 'required');
  else if (password !== null) add('password', ...passwordProblems(password, username));
  if (password2 === '') add('password2', 'required');
  else if (password !== null && password2 !== null && password !== password2) {
    add('password', 'passwordsMismatch');
  }
  if (email && (email.length > LIMITS.emailMax || !emailRe.test(email))) {
    add('email', 'emailInvalid');
  }
  return errors;
}

/** The account a registration created, as the route answers it. */
export type RegisteredUser = Awaited<ReturnType<typeof insertUser>>;

/**
 * Writes a valid registration (`registrationProblems` found nothing): 400 on the field
 * when the name or the e-mail is taken, also when two registrations race for it (a unique
 * index decides), or was a deleted account's less than `LIMITS.deletedNameDays` days ago.
 * `key` is the request's idempotency key, taken in the same transaction.
 */
export async function registerUser(
  db: Db,
  deletedNames: DeletedNames,
  body: RegisterBody,
  key?: WriteClaim<RegisteredUser> | null,
): Promise<RegisteredUser> {
  const username = normalizeUsername(body.username);
  const email = body.email?.trim() || null;
  if (await loginNameTaken(db, username)) throw fieldErrors({ username: ['usernameTaken'] });
  const days = LIMITS.deletedNameDays;
  if (await nameRecentlyDeleted(db, deletedNames.of(username), days)) {
    throw fieldErrors({ username: ['usernameRecentlyDeleted'] });
  }
  if (email !== null && (await loginNameTaken(db, email))) {
    throw fieldErrors({ email: ['emailTaken'] });
  }
  if (email !== null && (await nameRecentlyDeleted(db, deletedNames.of(email), days))) {
    throw fieldErrors({ email: ['emailRecentlyDeleted'] });
  }
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction().execute(async (tx) => {
      await key?.claim(tx);
      const user = await insertUser(tx, { username, email, passwordHash });
      await key?.keep(tx, user);
      return user;
    });
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code !== '23505') throw error;
    throw fieldErrors(
      constraint === 'users_email_key'
        ? { email: ['emailTaken'] }
        : { username: ['usernameTaken'] },
    );
  }
}
