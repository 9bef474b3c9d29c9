/**
 * Anonymous session ids. A session id is a bearer secret: whoever
 * holds it owns what was posted with it, so it must carry at least 122 random bits. Two
 * shapes qualify: a canonical UUID v4 (what `crypto.randomUUID()` makes), or 22 to 128
 * characters of `A-Z a-z 0-9 _ -` (22 base64url characters are 132 bits).
 *
 * Ids that merely look long enough but were typed or counted rather than drawn are refused
 * as weak, by three rules (for a UUID, over its 32 hex digits, the hyphens set aside):
 * - too few distinct characters: fewer than 7 hex digits in a UUID, fewer than 12
 *   characters in the other shape (the nil UUID, `aaaa…`);
 * - more than half of the neighbouring pairs step up by one (`abcd…`, `1234…`), or more
 *   than half step down by one (`dcba…`), in the order 0-9, a-z, `-`, `_` (case aside),
 *   taken as a circle so that counting on past `_` starts again at `0`;
 * - steps between neighbours that repeat with a period of 4 or less: an id repeated with
 *   such a period (`abcdabcd…`), or counted by twos (`acegik…`).
 *
 * A random id passes, so no client ever needs to draw twice. Exact odds for a random UUID
 * v4 (30 random hex digits, the version digit 4 and a variant digit of 8, 9, a or b):
 * - fewer than 7 distinct hex digits: 1.6e-10 (with 8, 3.2e-8; the former floor of 12
 *   distinct characters refused 1 UUID in 600). Computed as the sum over k of
 *   C(16,k) S(30,k) k! / 16^30 (S: Stirling numbers of the second kind, the chance that the
 *   30 random digits take exactly k values), with the digits 4 and the variant's added
 *   when the k values miss them.
 * - more than half of the 31 pairs stepping up by one: 3.3e-12; down by one: 2.8e-12 (a
 *   dynamic program over the digits; counting both directions together would refuse
 *   1.4e-7, so each direction is counted alone).
 * - steps of period p ≤ 4: the first p + 1 digits fix every later one, so at most
 *   16^-25 per period, below 1e-29.
 * So a random UUID is refused with odds below 1.7e-10. A random 22-character base64url id
 * is refused with odds of 2.1e-6 (all but 1e-11 of it the distinct floor of 12), and 1.4e-13
 * at 32 characters, which is what clients without `crypto.randomUUID` should draw.
 */
export const SESSION_ID_RULES = {
  minLength: 22,
  maxLength: 128,
  /** Fewest distinct characters of an id of 22 to 128 characters. */
  minDistinct: 12,
  /** Fewest distinct hex digits of a UUID v4 (of its 32). */
  minDistinctUuid: 7,
  /** Steps between neighbours repeating with this period or a shorter one make an id weak. */
  maxStepPeriod: 4,
} as const;

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const URL_SAFE = new RegExp(
  `^[A-Za-z0-9_-]{${SESSION_ID_RULES.minLength},${SESSION_ID_RULES.maxLength}}$`,
);
/** The order in which neighbours are "successive": digits, then letters, case aside. */
const ORDER = '0123456789abcdefghijklmnopqrstuvwxyz-_';

/** The refusals of a session id, by their error codes (error-codes.ts). */
export const SESSION_ID_MSG = {
  sessionIdMalformed:
    'An anonymous session id must be a UUID v4 or 22 to 128 characters of A-Z, a-z, 0-9, _ and -.',
  sessionIdWeak:
    'This anonymous session id is not random enough: make a new one (for example with crypto.randomUUID()).',
} as const;

/** The steps between neighbouring characters, in `ORDER` taken as a circle (`_` then `0`). */
function stepsOf(characters: string): number[] {
  const positions = [...characters.toLowerCase()].map((c) => ORDER.indexOf(c));
  return positions
    .slice(1)
    .map((position, i) => (position - (positions[i] ?? 0) + ORDER.length) % ORDER.length);
}

/** More than half of the steps go up by one, or more than half go down by one. */
function isCounted(steps: readonly number[]): boolean {
  const up = steps.filter((step) => step === 1).length;
  const down = steps.filter((step) => step === ORDER.length - 1).length;
  return Math.max(up, down) * 2 > steps.length;
}

/** The steps repeat with a period of `maxStepPeriod` or less. */
function isPeriodic(steps: readonly number[]): boolean {
  for (let period = 1; period <= SESSION_ID_RULES.maxStepPeriod; period += 1) {
    if (steps.every((step, i) => i < period || step === steps[i - period])) return true;
  }
  return false;
}

/** Whether an id of a valid shape was typed or counted rather than drawn. */
function isWeak(characters: string, minDistinct: number): boolean {
  if (new Set(characters).size < minDistinct) return true;
  const steps = stepsOf(characters);
  return isCounted(steps) || isPeriodic(steps);
}

/** What is wrong with a session id, by its code, or null when it is a strong one. */
export function sessionIdProblem(value: unknown): keyof typeof SESSION_ID_MSG | null {
  if (typeof value !== 'string') return 'sessionIdMalformed';
  if (UUID_V4.test(value)) {
    const digits = value.replaceAll('-', '').toLowerCase();
    return isWeak(digits, SESSION_ID_RULES.minDistinctUuid) ? 'sessionIdWeak' : null;
  }
  if (!URL_SAFE.test(value)) return 'sessionIdMalformed';
  return isWeak(value, SESSION_ID_RULES.minDistinct) ? 'sessionIdWeak' : null;
}

export function isValidSessionId(value: unknown): value is string {
  return sessionIdProblem(value) === null;
}

/**
 * A session id from a random source such as `crypto.randomUUID`, checked once: a random
 * UUID, or 32 random base64url characters, is refused with odds below 1e-9, so a refusal
 * means the source is not random, and this throws rather than draw again.
 */
export function strongSessionId(draw: () => string): string {
  const id = draw();
  if (!isValidSessionId(id)) {
    throw new Error('The session id source is not random: it gave an id that looks made up.');
  }
  return id;
}
