import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { normalizeTag, normalizeTags, TAG_MSG, tagListProblem, tagNamesProblem } from './tags.ts';

describe('normalizeTags', () => {
  it('trims and lower-cases', () => {
    expect(normalizeTags(['  First Date ', 'DATING', '\tghosting\n'])).toEqual([
      'first date',
      'dating',
      'ghosting',
    ]);
  });

  it('drops empty and blank names', () => {
    expect(normalizeTags(['', '   ', '\n', 'ok'])).toEqual(['ok']);
    expect(normalizeTags([])).toEqual([]);
  });

  it('drops duplicates after normalizing, keeping the first-seen order', () => {
    expect(normalizeTags(['b', 'A', ' a ', 'B', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });

  it('keeps Unicode names', () => {
    expect(normalizeTags(['Liebe', 'ÉTÉ', '💘', '恋愛'])).toEqual(['liebe', 'été', '💘', '恋愛']);
  });

  it('does not change its input', () => {
    const input = [' A ', 'a'];
    normalizeTags(input);
    expect(input).toEqual([' A ', 'a']);
  });
});

describe('normalizeTag', () => {
  it('folds compatibility forms (NFKC) before lower-casing', () => {
    expect(normalizeTag('ＤＡＴＩＮＧ')).toBe('dating');
    expect(normalizeTag('ﬁrst date')).toBe('first date');
    expect(normalizeTag('㎒')).toBe('mhz');
  });

  it('removes zero-width, bidi control and other invisible characters', () => {
    expect(normalizeTag('da\u200bting')).toBe('dating');
    expect(normalizeTag('\u202edating\u202c')).toBe('dating');
    expect(normalizeTag('\u2066da\u00adting\u2069\ufeff')).toBe('dating');
    expect(normalizeTag('da\u0000t\u0007ing')).toBe('dating');
  });

  it('collapses whitespace of any kind to one space', () => {
    expect(normalizeTag(' first\u00a0\u3000 date\t')).toBe('first date');
  });

  it('is empty for a name of invisible characters only', () => {
    expect(normalizeTag('\u200b\u200c\u200d')).toBe('');
    expect(normalizeTag('\u202e')).toBe('');
  });
});

describe('tagNamesProblem', () => {
  it('refuses a name that is empty once its invisible characters are gone', () => {
    expect(tagNamesProblem(['ok', '\u200b'])).toBe(TAG_MSG.invisibleOnly);
    expect(tagNamesProblem(['\u2060\u202e'])).toBe(TAG_MSG.invisibleOnly);
  });

  it('ignores blank names, as the specification asks', () => {
    expect(tagNamesProblem(['', '  ', '\t', 'ok'])).toBeNull();
  });

  it('then applies the list limits', () => {
    expect(tagNamesProblem(['x'.repeat(33)])).toBe(TAG_MSG.tooLong);
    expect(tagNamesProblem(Array.from({ length: 11 }, (_, i) => `t${i}`))).toBe(TAG_MSG.tooMany);
  });
});

describe('tagListProblem', () => {
  const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag${i}`);

  it('accepts up to the tag count limit, inclusive', () => {
    expect(tagListProblem([])).toBeNull();
    expect(tagListProblem(tags(LIMITS.tagsPerQuestionMax))).toBeNull();
    expect(tagListProblem(tags(LIMITS.tagsPerQuestionMax + 1))).toBe(
      'A question can have at most 10 tags.',
    );
  });

  it('accepts tags up to the length limit, inclusive, counted in characters', () => {
    expect(tagListProblem(['x'.repeat(LIMITS.tagMax)])).toBeNull();
    expect(tagListProblem(['ok', 'x'.repeat(LIMITS.tagMax + 1)])).toBe(
      'Tags can be at most 32 characters.',
    );
    // 32 emoji are 64 UTF-16 units but 32 characters.
    expect(tagListProblem(['💘'.repeat(LIMITS.tagMax)])).toBeNull();
    expect(tagListProblem(['💘'.repeat(LIMITS.tagMax + 1)])).not.toBeNull();
  });

  it('counts after normalizing, so duplicates and padding do not count', () => {
    const padded = [...tags(LIMITS.tagsPerQuestionMax), 'TAG0', ' tag1 '];
    expect(tagListProblem(normalizeTags(padded))).toBeNull();
    expect(tagListProblem(normalizeTags([`  ${'x'.repeat(LIMITS.tagMax)}  `]))).toBeNull();
  });
});
