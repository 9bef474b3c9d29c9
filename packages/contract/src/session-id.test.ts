import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidSessionId,
  SESSION_ID_RULES,
  sessionIdProblem,
  strongSessionId,
} from './session-id.ts';

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
    ['the nil UUID', '00000000-0000-0000-0000-000000000000', 'sessionIdWeak'],
    ['20 times a', 'a'.repeat(20), 'sessionIdMalformed'],
    ['22 times a', 'a'.repeat(22), 'sessionIdWeak'],
    ['20 times _', '_'.repeat(20), 'sessionIdMalformed'],
    ['40 times _', '_'.repeat(40), 'sessionIdWeak'],
    ['a UUID v4 of few characters', 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'sessionIdWeak'],
    ['a short id', 'abcdefghijklmnopqrstu', 'sessionIdMalformed'],
    ['129 characters', randomBase64url(129), 'sessionIdMalformed'],
    ['a space', `${randomUUID()} `, 'sessionIdMalformed'],
    ['a dot', `${randomBase64url(22)}.`, 'sessionIdMalformed'],
    ['a number', 1234567890123456, 'sessionIdMalformed'],
    ['nothing', undefined, 'sessionIdMalformed'],
  ])('refuses %s', (_label, id, code) => {
    expect(sessionIdProblem(id)).toBe(code);
    expect(isValidSessionId(id)).toBe(false);
  });

  it.each([
    ['counted letters', 'abcdefghijklmnopqrstuv'],
    ['counted letters, mixed case', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ'],
    ['counted down', 'zyxwvutsrqponmlkjihgfedcba9876543210'],
    ['a counted UUID v4', '12345678-1234-4123-8123-123456789abc'],
    ['a UUID v4 counted down', 'fedcba98-7654-4321-8edc-ba9876543210'],
    ['a repeated word', 'abcdabcdabcdabcdabcdabcd'],
    ['a UUID v4 of one repeated word', 'abcdabcd-abcd-4bcd-abcd-abcdabcdabcd'],
    ['letters counted by twos', 'acegikmoqsuwy-02468ace'],
    ['steps of period 3 (up 1, 3, 5)', 'abejknstw_0389chilqruz'],
  ])('refuses %s as weak', (_label, id) => {
    expect(sessionIdProblem(id)).toBe('sessionIdWeak');
  });

  it('takes a UUID v4 of 7 distinct hex digits, and refuses one of 6', () => {
    const seven = '7a0c4e17-0a7c-4e71-ac07-a4e17c0a4e71';
    const six = '7a0c4e70-0a7c-4e70-ac07-a4e70c0a4e70';
    expect(new Set(seven.replaceAll('-', '')).size).toBe(7);
    expect(new Set(six.replaceAll('-', '')).size).toBe(6);
    expect(sessionIdProblem(seven)).toBeNull();
    expect(sessionIdProblem(seven.toUpperCase())).toBeNull();
    expect(sessionIdProblem(six)).toBe('sessionIdWeak');
  });

  it('refuses a random UUID v4 with odds below 1e-9: the distinct floor, computed exactly', () => {
    // 30 random hex digits take exactly k values with odds C(16,k) S(30,k) k! / 16^30; the
    // version digit 4 and the variant digit (8, 9, a or b) add one each when missed.
    const choose = (n: bigint, k: bigint): bigint => {
      let result = 1n;
      for (let i = 0n; i < k; i += 1n) result = (result * (n - i)) / (i + 1n);
      return result;
    };
    const surjections = (n: bigint, k: bigint): bigint => {
      let total = 0n;
      for (let j = 0n; j <= k; j += 1n) {
        total += (j % 2n === 0n ? 1n : -1n) * choose(k, j) * (k - j) ** n;
      }
      return total;
    };
    const denominator = 16n ** 30n * 16n * 15n;
    let refused = 0n;
    for (let k = 1n; k <= 16n; k += 1n) {
      const ways = choose(16n, k) * surjections(30n, k);
      // Out of 16 * 15 ordered pairs (the digit 4, one other digit): both among the k
      // values, one of them, or neither. The variant digit is another digit than 4.
      const both = k * (k - 1n);
      const one = 2n * (k * (16n - k));
      const neither = (16n - k) * (15n - k);
      for (const [extra, pairs] of [
        [0n, both],
        [1n, one],
        [2n, neither],
      ] as const) {
        if (k + extra < BigInt(SESSION_ID_RULES.minDistinctUuid)) refused += ways * pairs;
      }
    }
    const odds = Number((refused * 10n ** 15n) / denominator) / 1e15;
    expect(odds).toBeGreaterThan(1e-10);
    expect(odds).toBeLessThan(1e-9);
  });

  it('accepts every random UUID v4 (none of 10,000 is refused)', () => {
    for (let i = 0; i < 10_000; i++) {
      const id = randomUUID();
      expect(sessionIdProblem(id), id).toBeNull();
    }
  }, 60_000);

  it('draws a session id once, and throws on a source that is not random', () => {
    let draws = 0;
    const id = strongSessionId(() => {
      draws += 1;
      return randomUUID();
    });
    expect(isValidSessionId(id)).toBe(true);
    expect(draws).toBe(1);
    expect(() => strongSessionId(() => '12345678-1234-4123-8123-123456789abc')).toThrow(
      /not random/,
    );
  });

  it('accepts uniformly drawn UUIDs v4 and 32-character base64url ids (property)', () => {
    const hex = fc.noBias(fc.integer({ min: 0, max: 15 }));
    const uuid = fc
      .tuple(
        fc.array(hex, { minLength: 30, maxLength: 30 }),
        fc.noBias(fc.integer({ min: 8, max: 11 })),
      )
      .map(([digits, variant]) => {
        const d = digits.map((n) => n.toString(16)).join('');
        const v = variant.toString(16);
        return `${d.slice(0, 8)}-${d.slice(8, 12)}-4${d.slice(12, 15)}-${v}${d.slice(15, 18)}-${d.slice(18)}`;
      });
    fc.assert(
      fc.property(uuid, (id) => sessionIdProblem(id) === null),
      { numRuns: 5_000 },
    );
    const b64 = fc
      .array(fc.noBias(fc.integer({ min: 0, max: 63 })), { minLength: 32, maxLength: 32 })
      .map((indexes) => indexes.map((i) => B64URL[i]).join(''));
    fc.assert(
      fc.property(b64, (id) => sessionIdProblem(id) === null),
      { numRuns: 5_000 },
    );
  });

  it('refuses any id counted from any start, in either direction, in either shape (property)', () => {
    const counted = fc
      .record({
        start: fc.integer({ min: 0, max: 37 }),
        step: fc.constantFrom(1, -1, 2, -3),
        length: fc.integer({ min: 22, max: 60 }),
        upper: fc.boolean(),
      })
      .map(({ start, step, length, upper }) => {
        const order = '0123456789abcdefghijklmnopqrstuvwxyz-_';
        const id = Array.from(
          { length },
          (_, i) => order[(((start + i * step) % 38) + 38) % 38],
        ).join('');
        return upper ? id.toUpperCase() : id;
      });
    fc.assert(
      fc.property(counted, (id) => sessionIdProblem(id) === 'sessionIdWeak'),
      { numRuns: 2_000 },
    );
  });

  it('refuses any id that repeats a word of 1 to 4 characters, whatever the word (property)', () => {
    const repeated = fc
      .record({
        word: fc.string({
          unit: fc.constantFrom(...B64URL),
          minLength: 1,
          maxLength: SESSION_ID_RULES.maxStepPeriod,
        }),
        length: fc.integer({ min: 22, max: 128 }),
      })
      .map(({ word, length }) => word.repeat(Math.ceil(length / word.length)).slice(0, length));
    fc.assert(
      fc.property(repeated, (id) => sessionIdProblem(id) === 'sessionIdWeak'),
      { numRuns: 2_000 },
    );
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
