/**
 * The username rule, written once: registration, the start-up admin (ADMIN_USERNAME) and
 * `npm run create-admin` all apply it, and the web app shows the same messages.
 *
 * Usernames are ASCII: letters A-Z and a-z, digits and @ . + - _. Unicode letters would let
 * look-alikes register beside an account (`аdmin` with a Cyrillic а, `admın` with a dotless
 * ı, `ᴀdmin` with a small capital); a confusable skeleton (Unicode TR39) would catch most
 * but not all of them (`ᴀ` has no entry), so the alphabet itself excludes them (tags, which
 * keep every script, take the look-alike check of lookalikes.ts instead). A name is
 * normalized first (NFKC as lookalikes.ts folds it, then trimmed): full-width `ａｄｍｉｎ` is `admin`, and is taken
 * when `admin` is. Names are unique regardless of case (a unique index on `lower(username)`).
 * Accounts registered before this rule keep their names and sign in as before.
 */
import { LIMITS, USERNAME_PATTERN } from './limits.ts';
import { foldCompatibility } from './lookalikes.ts';

const usernameRe = new RegExp(USERNAME_PATTERN);

/** The rule's refusals, by their error codes (error-codes.ts). */
export const USERNAME_MSG = {
  usernameLength: `Username must be ${LIMITS.usernameMin} to ${LIMITS.usernameMax} characters.`,
  usernameAlphabet: 'Username may contain only letters A-Z, digits and @ . + - _ characters.',
} as const;

/** The form a username is checked and stored in: NFKC, trimmed. */
export function normalizeUsername(raw: string): string {
  return foldCompatibility(raw).trim();
}

/**
 * What is wrong with a (normalized) username, by its code (the server says it in the
 * reader's language), or null when it may be registered.
 */
export function usernameProblem(username: string): keyof typeof USERNAME_MSG | null {
  const length = [...username].length;
  if (length < LIMITS.usernameMin || length > LIMITS.usernameMax) return 'usernameLength';
  if (!usernameRe.test(username)) return 'usernameAlphabet';
  return null;
}

/** Whether a name may be registered exactly as written (already normalized and valid). */
export function isValidUsername(username: string): boolean {
  return normalizeUsername(username) === username && usernameProblem(username) === null;
}
