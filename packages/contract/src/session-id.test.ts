import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidSessionId, SESSION_ID_MSG, sessionIdProblem } from './session-id.ts';

/** Random bytes, uniformly drawn (the contract stays free of Node's and the DOM's types). */
function randomBytes(count: number): number[] {
  return Array.from({ length: count }, () => Math.floor(Math.random() * 256));
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `count` random base64url characters, 6 random bits each. */
function randomBase64url(count: number): string {
  return Array.from({ length: count }, () => B64URL[Math.floor(Math.random() * 64)]).join('');
}

/** A random UUID v4, laid out as crypto.randomUUID() lays it out. */
function randomUUID(): string {
  const bytes = randomBytes(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe('session ids', () => {
  it.each([
    ['a crypto.randomUUID()', randomUUID()],
    ['an upper-case UUID v4', randomUUID().toUpperCase()],
    ['22 base64url characters (132 bits)', randomBase64url(22)],
    ['128 base64url characters', randomBase64url(128)],
  ])('accepts %s', (_label, id) => {
    expect(sessionIdProblem(id)).toBeNull();
  });

  it.each([
    ['the nil UUID', '00000000-0000-0000-0000-000000000000', SESSION_ID_MSG.weak],
    ['20 times a', 'a'.repeat(20), SESSION_ID_MSG.malformed],
    ['22 times a', 'a'.repeat(22), SESSION_ID_MSG.weak],
    ['20 times _', '_'.repeat(20), SESSION_ID_MSG.malformed],
    ['40 times _', '_'.repeat(40), SESSION_ID_MSG.weak],
    ['a UUID v4 of few characters', 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', SESSION_ID_MSG.weak],
    ['a short id', 'abcdefghijklmnopqrstu', SESSION_ID_MSG.malformed],
    ['129 characters', randomBase64url(129), SESSION_ID_MSG.malformed],
    ['a space', `${randomUUID()} `, SESSION_ID_MSG.malformed],
    ['a dot', `${randomBase64url(22)}.`, SESSION_ID_MSG.malformed],
    ['a number', 1234567890123456, SESSION_ID_MSG.malformed],
    ['nothing', undefined, SESSION_ID_MSG.malformed],
  ])('refuses %s', (_label, id, message) => {
    expect(sessionIdProblem(id)).toBe(message);
    expect(isValidSessionId(id)).toBe(false);
  });

  it('refuses only the rare random UUID with too few distinct characters (clients make another)', () => {
    // About 0.17% of random UUIDs have fewer than 12 distinct characters; the web app
    // draws again until its id passes this very rule (apps/web/src/lib/storage.ts).
    let refused = 0;
    for (let i = 0; i < 10_000; i++) {
      const problem = sessionIdProblem(randomUUID());
      if (problem !== null) {
        expect(problem).toBe(SESSION_ID_MSG.weak);
        refused += 1;
      }
    }
    expect(refused).toBeLessThan(100);
  });

  it('accepts random base64url ids of 22 to 128 characters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 22, max: 128 }), (length) =>
        isValidSessionId(randomBase64url(length)),
      ),
      { numRuns: 2000 },
    );
  });
});
