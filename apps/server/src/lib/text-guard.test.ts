import { describe, expect, it } from 'vitest';
import { fieldsWithMalformedText, holdsMalformedText } from './text-guard.ts';

describe('holdsMalformedText', () => {
  it('accepts well-formed values of every JSON type', () => {
    for (const value of [
      null,
      undefined,
      true,
      0,
      '',
      'plain',
      'émoji 💘 and CJK 愛',
      ['a', 1, null, { b: 'c' }],
      { text: 'x', tags: ['a', 'b'], nested: { deep: [{ ok: '\u00a0\t\n' }] } },
    ]) {
      expect(holdsMalformedText(value)).toBe(false);
    }
  });

  it('finds a NUL character at any depth, in values and keys', () => {
    expect(holdsMalformedText('a\u0000b')).toBe(true);
    expect(holdsMalformedText({ a: { b: [{ c: '\u0000' }] } })).toBe(true);
    expect(holdsMalformedText({ nested: { '\ud800': 'ok' } })).toBe(true);
  });

  it('finds lone surrogates, high or low, anywhere in a string', () => {
    expect(holdsMalformedText('\ud800')).toBe(true);
    expect(holdsMalformedText('x\udc00y')).toBe(true);
    expect(holdsMalformedText('end\ud83d')).toBe(true);
    // The two halves in the wrong order are two lone surrogates.
    expect(holdsMalformedText('\udc98\ud83d')).toBe(true);
    // A proper pair is a character.
    expect(holdsMalformedText('\ud83d\udc98')).toBe(false);
  });

  it('walks any depth without recursion', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(holdsMalformedText(deep)).toBe(true);
  });
});

describe('fieldsWithMalformedText', () => {
  it('names every top-level field that holds malformed text, in order', () => {
    expect(fieldsWithMalformedText({ text: 'a\u0000' })).toEqual(['text']);
    expect(fieldsWithMalformedText({ tag_names: ['ok', 'x\u0000'] })).toEqual(['tag_names']);
    expect(fieldsWithMalformedText({ a: '\u0000', b: 'ok', c: '\ud800' })).toEqual(['a', 'c']);
    expect(fieldsWithMalformedText({ a: 'ok' })).toEqual([]);
  });

  it('names no field for a bad key or a value that is not an object', () => {
    expect(fieldsWithMalformedText({ 'te\u0000xt': 'ok' })).toEqual(['']);
    expect(fieldsWithMalformedText('\u0000')).toEqual(['']);
    expect(fieldsWithMalformedText(['\ud800'])).toEqual(['']);
    expect(fieldsWithMalformedText(null)).toEqual([]);
  });
});
