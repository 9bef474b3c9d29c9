/**
 * Limits the specification leaves open (DESIGN.md §2). Every one is inclusive and is
 * enforced by the server with a 400; the web app uses the same numbers for hints.
 */
export const LIMITS = {
  questionTextMax: 20_000,
  replyTextMax: 10_000,
  tagMax: 32,
  tagsPerQuestionMax: 10,
  reportDetailsMax: 2_000,
  usernameMin: 3,
  usernameMax: 150,
  passwordMin: 8,
  passwordMax: 1_024,
  emailMax: 254,
  searchMax: 200,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  sessionIdMin: 20,
  sessionIdMax: 128,
} as const;

/** Letters, digits and @ . + - _ (the username alphabet most forums accept). */
export const USERNAME_PATTERN = '^[\\p{L}\\p{N}@.+\\-_]+$';

/** An anonymous session id: 20 to 128 URL-safe characters. */
export const SESSION_ID_PATTERN = '^[A-Za-z0-9_-]{20,128}$';

export function isValidSessionId(value: unknown): value is string {
  return typeof value === 'string' && new RegExp(SESSION_ID_PATTERN).test(value);
}
