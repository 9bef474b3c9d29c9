import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { HttpError } from './http-errors.ts';

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(text: string) {
  try {
    decodeCursor(text);
  } catch (error) {
    return error;
  }
  return null;
}

describe('feed cursors', () => {
  it('round-trips an id, and an id with a rank', () => {
    for (const cursor of [
      { id: 1 },
      { id: 2_147_483_647 },
      { id: 42, rank: '0.0607927' },
      { id: 7, rank: '1e-20' },
    ]) {
      const text = encodeCursor(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(text)).toEqual(cursor);
    }
  });

  it('drops extra fields', () => {
    expect(decodeCursor(raw({ id: 3, extra: 'x' }))).toEqual({ id: 3 });
  });

  it.each([
    ['not base64 JSON', 'garbage!!'],
    ['empty', ''],
    ['JSON that is not an object', raw(5)],
    ['null', raw(null)],
    ['an array', raw([1])],
    ['no id', raw({ rank: '0.1' })],
    ['a string id', raw({ id: '1' })],
    ['a fractional id', raw({ id: 1.5 })],
    ['a zero id', raw({ id: 0 })],
    ['a negative id', raw({ id: -1 })],
    ['an id beyond integer', raw({ id: 2_147_483_648 })],
    ['a numeric rank', raw({ id: 1, rank: 0.5 })],
    ['an injected rank', raw({ id: 1, rank: "0.1'); DROP TABLE questions;--" })],
    ['a long rank', raw({ id: 1, rank: '1'.repeat(33) })],
    ['a rank of letters', raw({ id: 1, rank: 'NaN' })],
    ['truncated', raw({ id: 1 }).slice(0, 5)],
  ])('refuses %s with a 400 on cursor', (_label, text) => {
    const error = refusal(text);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).body).toEqual({ cursor: ['Invalid cursor.'] });
  });
});
