import { describe, expect, it } from 'vitest';
import { findMalformedText } from './text-guard.ts';

describe('findMalformedText', () => {
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
      expect(findMalformedText(value)).toBeNull();
    }
  });

  it('finds a NUL character and names where it is', () => {
    expect(findMalformedText('a\u0000b')).toBe('(body)');
    expect(findMalformedText({ text: 'a\u0000' })).toBe('text');
    expect(findMalformedText({ tag_names: ['ok', 'x\u0000'] })).toBe('tag_names[1]');
    expect(findMalformedText({ a: { b: [{ c: '\u0000' }] } })).toBe('a.b[0].c');
  });

  it('finds lone surrogates, high or low, anywhere in a string', () => {
    expect(findMalformedText({ text: '\ud800' })).toBe('text');
    expect(findMalformedText({ text: 'x\udc00y' })).toBe('text');
    expect(findMalformedText({ text: 'end\ud83d' })).toBe('text');
    // The two halves in the wrong order are two lone surrogates.
    expect(findMalformedText({ text: '\udc98\ud83d' })).toBe('text');
    // A proper pair is a character.
    expect(findMalformedText({ text: '\ud83d\udc98' })).toBeNull();
  });

  it('checks keys as well as values', () => {
    expect(findMalformedText({ 'te\u0000xt': 'ok' })).toBe('(body)');
    expect(findMalformedText({ nested: { '\ud800': 'ok' } })).toBe('nested');
  });

  it('reports the first bad string only', () => {
    expect(findMalformedText({ a: '\u0000', b: '\ud800' })).toBe('a');
  });
});
