import { createHmac, hkdfSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CursorKind,
  Cursors,
  decodeActiveCursor,
  decodeFeedCursor,
  decodePostCursor,
  decodeSearchCursor,
  decodeTopCursor,
  encodeActiveCursor,
  encodeFeedCursor,
  encodePostCursor,
  encodeSearchCursor,
  encodeTopCursor,
} from './cursor.ts';
import { HttpError } from './http-errors.ts';

const SECRET = 'a server secret of enough length for tests';
const cursors = new Cursors(SECRET);

/** A cursor signed with the server's key, as an attacker who had it could write one. */
function signed(kind: CursorKind, value: unknown, secret = SECRET): string {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'cursor/v1', 32));
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  const mac = createHmac('sha256', key).update(`${kind}.${payload}`).digest().subarray(0, 16);
  return `${payload}.${mac.toString('base64url')}`;
}
/** A cursor in the unsigned format of before: base64url JSON alone. */
const unsigned = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(decode: (text: string) => unknown, text: string) {
  try {
    decode(text);
  } catch (error) {
    return error;
  }
  return null;
}

function expectRefused(decode: (text: string) => unknown, text: string) {
  const error = refusal(decode, text);
  expect(error, text).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(400);
  expect((error as HttpError).body).toEqual({ cursor: ['Invalid cursor.'] });
}

const feed = (text: string) => decodeFeedCursor(cursors, text);
const search = (text: string) => decodeSearchCursor(cursors, text);
const posts = (text: string) => decodePostCursor(cursors, text);

describe('cursor signatures', () => {
  it('are checked: a cursor is read only as the kind it was signed as, with this key', () => {
    const text = encodeFeedCursor(cursors, { id: 42 });
    expect(text).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(feed(text)).toEqual({ id: 42 });
    // The same fields signed for another kind, or with another secret.
    expectRefused(search, signed('feed', { id: 42, rank: '0.1' }));
    expectRefused(feed, signed('search', { id: 42 }));
    expectRefused(feed, signed('feed', { id: 42 }, 'another secret entirely, of enough length'));
    expectRefused(feed, encodeFeedCursor(new Cursors('another server secret'), { id: 42 }));
  });

  it('refuse the unsigned cursors of before, and every edit of a signed one', () => {
    expectRefused(feed, unsigned({ id: 42 }));
    const text = encodeFeedCursor(cursors, { id: 42 });
    const [payload, mac] = text.split('.') as [string, string];
    expectRefused(feed, `${unsigned({ id: 41 })}.${mac}`);
    expectRefused(feed, `${payload}.${mac.slice(0, -1)}`);
    expectRefused(feed, `${payload}.${mac}A`);
    expectRefused(feed, `${payload}.`);
    expectRefused(feed, `.${mac}`);
    expectRefused(feed, `${payload}=.${mac}`);
    expectRefused(feed, `${payload}.${mac}.${mac}`);
    for (let i = 0; i < text.length; i += 1) {
      for (const replacement of ['A', 'z', '0', '-', '.', '%']) {
        const edited = text.slice(0, i) + replacement + text.slice(i + 1);
        if (edited !== text) expectRefused(feed, edited);
      }
    }
  });

  it('refuse random text (property-based)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const decode of [feed, search, posts]) expectRefused(decode, text);
      }),
      { numRuns: 2_000 },
    );
  });
});

const GARBAGE: [string, string][] = [
  ['not JSON', signed('feed', 'x').replace(/^[^.]+/, Buffer.from('{x').toString('base64url'))],
  ['JSON that is not an object', signed('feed', 5)],
  ['null', signed('feed', null)],
  ['an array', signed('feed', [1])],
];

describe('feed cursors', () => {
  it('round-trips an id', () => {
    for (const cursor of [{ id: 1 }, { id: 2_147_483_647 }]) {
      expect(feed(encodeFeedCursor(cursors, cursor))).toEqual(cursor);
    }
  });

  it('drops extra fields', () => {
    expect(feed(signed('feed', { id: 3, extra: 'x' }))).toEqual({ id: 3 });
  });

  it.each<[string, string]>([
    ...GARBAGE,
    ['no id', signed('feed', {})],
    ['a string id', signed('feed', { id: '1' })],
    ['a fractional id', signed('feed', { id: 1.5 })],
    ['a zero id', signed('feed', { id: 0 })],
    ['a negative id', signed('feed', { id: -1 })],
    ['an id beyond integer', signed('feed', { id: 2_147_483_648 })],
  ])('refuses %s with a 400 on cursor, signed or not', (_label, text) => {
    expectRefused(feed, text);
  });
});

describe('search cursors', () => {
  it('round-trips a window, a position in a window, and both', () => {
    for (const cursor of [
      { below: 500 },
      { after: { rank: '0.0607927', id: 42 } },
      { after: { rank: '6.07927e-05', id: 42 } },
      { after: { rank: '0', id: 1 } },
      { below: 9, after: { rank: '1e-20', id: 7 } },
    ]) {
      expect(search(encodeSearchCursor(cursors, cursor))).toEqual(cursor);
    }
  });

  it.each<[string, unknown]>([
    ['nothing', {}],
    ['a rank without an id', { rank: '0.1' }],
    ['a numeric rank', { id: 1, rank: 0.5 }],
    ['an injected rank', { id: 1, rank: "0.1'); DROP TABLE questions;--" }],
    ['a long rank', { id: 1, rank: '1'.repeat(33) }],
    ['a rank of letters', { id: 1, rank: 'NaN' }],
    ['a rank out of range', { id: 1, rank: '1e99' }],
    ['a rank that underflows', { id: 1, rank: '1e-50' }],
    ['a rank that is an exponent', { id: 1, rank: 'e' }],
    ['a rank that is a sign', { id: 1, rank: '-' }],
    ['a rank that is a point', { id: 1, rank: '.' }],
    ['a negative rank', { id: 1, rank: '-0.5' }],
    ['an infinite rank', { id: 1, rank: 'Infinity' }],
    ['a bad window', { below: -3 }],
    ['a string window', { below: '3' }],
  ])('refuses %s with a 400 on cursor, even when signed', (_label, value) => {
    expectRefused(search, signed('search', value));
  });
});

describe('anonymous post cursors', () => {
  it('round-trips a time, a type and an id', () => {
    const cursor = { at: 1_700_000_000_123_456, type: 'answer' as const, id: 9 };
    expect(posts(encodePostCursor(cursors, cursor))).toEqual(cursor);
  });

  it.each<[string, unknown]>([
    ['a negative time', { at: -1, type: 'question', id: 1 }],
    ['a fractional time', { at: 1.5, type: 'question', id: 1 }],
    ['an unknown type', { at: 1, type: 'report', id: 1 }],
    ['no id', { at: 1, type: 'question' }],
  ])('refuses %s with a 400 on cursor, even when signed', (_label, value) => {
    expectRefused(posts, signed('posts', value));
  });
});

describe('the cursors of the feed sorts', () => {
  it('read back what they hold, each in its own sort only', () => {
    const top = encodeTopCursor(cursors, { score: '40123.456789012345', id: 7 });
    expect(decodeTopCursor(cursors, top)).toEqual({ score: '40123.456789012345', id: 7 });
    const active = encodeActiveCursor(cursors, { at: 1_790_000_000_123_456, id: 8 });
    expect(decodeActiveCursor(cursors, active)).toEqual({ at: 1_790_000_000_123_456, id: 8 });
    const unanswered = encodeFeedCursor(cursors, { id: 9 }, 'unanswered');
    expect(decodeFeedCursor(cursors, unanswered, 'unanswered')).toEqual({ id: 9 });
    const search = encodeSearchCursor(cursors, { below: 10 }, 'search-unanswered');
    expect(decodeSearchCursor(cursors, search, 'search-unanswered')).toEqual({ below: 10 });

    expectRefused((text) => decodeFeedCursor(cursors, text), unanswered);
    expectRefused(
      (text) => decodeFeedCursor(cursors, text, 'unanswered'),
      encodeFeedCursor(cursors, { id: 9 }),
    );
    expectRefused((text) => decodeTopCursor(cursors, text), active);
    expectRefused((text) => decodeActiveCursor(cursors, text), top);
    expectRefused((text) => decodeSearchCursor(cursors, text), search);
  });

  it('take any score PostgreSQL writes for a double, zero included', () => {
    for (const score of ['0', '-0', '40123.456789012345', '4.0123e+04', '-2.5e-300', '1e+300']) {
      const top = encodeTopCursor(cursors, { score, id: 7 });
      expect(decodeTopCursor(cursors, top)).toEqual({ score, id: 7 });
    }
  });

  it('refuse signed values of the wrong shape', () => {
    for (const value of [
      { score: 'NaN', id: 1 },
      { score: '1e999', id: 1 },
      { score: 40_000, id: 1 },
      { score: '1', id: 0 },
      { score: '1', id: 1, extra: true },
      { score: '1; drop table', id: 1 },
      // Text a double cannot hold: JavaScript reads 0 or Infinity, PostgreSQL refuses it.
      { score: '1e-400', id: 1 },
      { score: '-1e-400', id: 1 },
      { score: '9e308', id: 1 },
      { score: '0.1e-320', id: 1 },
    ]) {
      expectRefused((text) => decodeTopCursor(cursors, text), signed('top', value));
    }
    for (const value of [
      { at: -1, id: 1 },
      { at: 1.5, id: 1 },
      { at: '1', id: 1 },
      { at: 2 ** 60, id: 1 },
      { at: 1, id: 2 ** 31 },
    ]) {
      expectRefused((text) => decodeActiveCursor(cursors, text), signed('active', value));
    }
  });
});
