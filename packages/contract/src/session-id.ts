/**
 * Anonymous session ids (DESIGN.md §2, Identity). A session id is a bearer secret: whoever
 * holds it owns what was posted with it, so it must carry at least 122 random bits. Two
 * shapes qualify: a canonical UUID v4 (what `crypto.randomUUID()` makes), or 22 to 128
 * characters of `A-Z a-z 0-9 _ -` (22 base64url characters are 132 bits). Ids that merely
 * look long enough but are not random (the nil UUID, `aaaa…`) are refused: any id with
 * fewer than 12 distinct characters.
 */
export const SESSION_ID_RULES = {
  minLength: 22,
  maxLength: 128,
  minDistinct: 12,
} as const;

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const URL_SAFE = new RegExp(
  `^[A-Za-z0-9_-]{${SESSION_ID_RULES.minLength},${SESSION_ID_RULES.maxLength}}$`,
);

export const SESSION_ID_MSG = {
  malformed:
    'An anonymous session id must be a UUID v4 or 22 to 128 characters of A-Z, a-z, 0-9, _ and -.',
  weak: 'This anonymous session id is not random enough: make a new one (for example with crypto.randomUUID()).',
} as const;

/** What is wrong with a session id, or null when it is a strong one. */
export function sessionIdProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !(UUID_V4.test(value) || URL_SAFE.test(value))) {
    return SESSION_ID_MSG.malformed;
  }
  if (new Set(value).size < SESSION_ID_RULES.minDistinct) return SESSION_ID_MSG.weak;
  return null;
}

export function isValidSessionId(value: unknown): value is string {
  return sessionIdProblem(value) === null;
}

/**
 * A strong session id from a random source such as `crypto.randomUUID`: about one random
 * UUID in 600 has fewer than 12 distinct characters and is drawn again (which costs less
 * than 0.01 bit of its 122). Throws if the source keeps failing: it is not random.
 */
export function strongSessionId(draw: () => string): string {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const id = draw();
    if (isValidSessionId(id)) return id;
  }
  throw new Error('The session id source is not random: 50 draws in a row were refused.');
}
