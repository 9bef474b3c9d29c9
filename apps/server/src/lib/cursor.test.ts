import { describe, expect, it } from 'vitest';
import {
  decodeFeedCursor,
  decodeSearchCursor,
  encodeFeedCursor,
  encodeSearchCursor,
} from './cursor.ts';
import { HttpError } from './http-errors.ts';

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

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
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(400);
  expect((error as HttpError).body).toEqual({ cursor: ['Invalid cursor.'] });
}

const GARBAGE: [string, string][] = [
  ['not base64 JSON', 'garbage!!'],
  ['empty', ''],
  ['JSON that is not an object', raw(5)],
  ['null', raw(null)],
  ['an array', raw([1])],
  ['truncated', raw({ id: 1 }).slice(0, 5)],
];

describe('feed cursors', () => {
  it('round-trips an id', () => {
    for (const cursor of [{ id: 1 }, { id: 2_147_483_647 }]) {
      const text = encodeFeedCursor(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeFeedCursor(text)).toEqual(cursor);
    }
  });

  it('drops extra fields', () => {
    expect(decodeFeedCursor(raw({ id: 3, extra: 'x' }))).toEqual({ id: 3 });
  });

  it.each<[string, string]>([
    ...GARBAGE,
    ['no id', raw({})],
    ['a string id', raw({ id: '1' })],
    ['a fractional id', raw({ id: 1.5 })],
    ['a zero id', raw({ id: 0 })],
    ['a negative id', raw({ id: -1 })],
    ['an id beyond integer', raw({ id: 2_147_483_648 })],
    ['a search cursor', raw({ id: 1, rank: '0.1' })],
    ['a search window cursor', raw({ id: 1, below: 5 })],
  ])('refuses %s with a 400 on cursor', (_label, text) => {
    expectRefused(decodeFeedCursor, text);
  });
});

describe('search cursors', () => {
  it('round-trips a window, a position in a window, and both', () => {
    for (const cursor of [
      { below: 500 },
      { after: { rank: '0.0607927', id: 42 } },
      { below: 9, after: { rank: '1e-20', id: 7 } },
    ]) {
      const text = encodeSearchCursor(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeSearchCursor(text)).toEqual(cursor);
    }
  });

  it.each<[string, string]>([
    ...GARBAGE,
    ['nothing', raw({})],
    ['a feed cursor', raw({ id: 5 })],
    ['a rank without an id', raw({ rank: '0.1' })],
    ['a numeric rank', raw({ id: 1, rank: 0.5 })],
    ['an injected rank', raw({ id: 1, rank: "0.1'); DROP TABLE questions;--" })],
    ['a long rank', raw({ id: 1, rank: '1'.repeat(33) })],
    ['a rank of letters', raw({ id: 1, rank: 'NaN' })],
    ['a bad window', raw({ below: -3 })],
    ['a string window', raw({ below: '3' })],
  ])('refuses %s with a 400 on cursor', (_label, text) => {
    expectRefused(decodeSearchCursor, text);
  });
});
