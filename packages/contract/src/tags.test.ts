import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { lookalikeProblem } from './lookalikes.ts';
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
    expect(tagNamesProblem(['ok', '\u200b'])).toBe(TAG_MSG.tagInvisibleOnly);
    expect(tagNamesProblem(['\u2060\u202e'])).toBe(TAG_MSG.tagInvisibleOnly);
  });

  it('ignores blank names, as the specification asks', () => {
    expect(tagNamesProblem(['', '  ', '\t', 'ok'])).toBeNull();
  });

  it('gives the same answer every time a tag is read (clean tags are kept once read)', () => {
    for (let round = 0; round < 3; round++) {
      expect(tagNamesProblem(['first-date', 'texting'])).toBeNull();
      expect(tagNamesProblem(['first-date', 'call-555-010-0199'])).toContain('call-555-010-0199');
      expect(tagNamesProblem(['john-smith'])).toContain('john-smith');
    }
    // More clean tags than are kept: the oldest are read again, still clean.
    for (let i = 0; i < 6_000; i++) expect(tagNamesProblem([`topic-${i}`])).toBeNull();
    expect(tagNamesProblem(['john-smith'])).toContain('john-smith');
  });

  it('then applies the list limits', () => {
    expect(tagNamesProblem(['x'.repeat(33)])).toBe(TAG_MSG.tagTooLong);
    expect(tagNamesProblem(Array.from({ length: 11 }, (_, i) => `t${i}`))).toBe(
      TAG_MSG.tagsTooMany,
    );
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

describe('look-alike tags', () => {
  it('are refused beside the real one: other scripts mixed in, phonetic letters', () => {
    // A Cyrillic а, a Latin alpha, an Armenian ո; a Greek ο; a dotless ı; a small capital.
    for (const name of [
      'd\u0430ting',
      'd\u0251ting',
      'dati\u0578g',
      'l\u03bfve',
      'dat\u0131ng',
      '\u1d00ge gap',
    ]) {
      expect(tagNamesProblem([name]), name).toBe(TAG_MSG.tagLookalike);
      expect(tagListProblem(normalizeTags([name])), name).toBe(TAG_MSG.tagLookalike);
    }
    expect(lookalikeProblem('d\u0430ting')).toBe('mixed-scripts');
    expect(lookalikeProblem('d\u0251ting')).toBe('lookalike');
  });

  it('are refused when written wholly in letters that draw like Latin ones', () => {
    // Cyrillic "сор" reads "cop"; Greek "ορα" reads "opa"; Armenian "հօ" reads "ho".
    for (const name of ['\u0441\u043e\u0440', '\u03bf\u03c1\u03b1', '\u0570\u0585']) {
      expect(lookalikeProblem(name), name).toBe('lookalike');
    }
  });

  it('are not confused with names in one script, accents, or Japanese, Chinese and Korean', () => {
    for (const name of [
      'dating',
      'first date',
      'été',
      'liebe',
      'straße',
      'señor',
      'łódź',
      'çocuk',
      'любовь',
      'αγάπη',
      'սէր',
      'אהבה',
      'حب',
      'प्यार',
      '恋愛',
      'デート',
      'データ',
      'ai 恋愛',
      '연애',
      '💘',
      '30s',
      'mother-in-law',
    ]) {
      expect(lookalikeProblem(name), name).toBeNull();
      expect(tagNamesProblem([name]), name).toBeNull();
    }
  });

  it('are folded first: full-width and compatibility forms are the plain tag', () => {
    expect(normalizeTags(['ｄａｔｉｎｇ'])).toEqual(['dating']);
    expect(tagNamesProblem(['ｄａｔｉｎｇ'])).toBeNull();
  });
});

describe('tags holding personal information', () => {
  it('are refused: phone numbers, e-mail addresses and full names, hyphenated or not', () => {
    for (const [name, what] of [
      ['john-smith-from-accounting', "a person's full name"],
      ['john-smith', "a person's full name"],
      ['Sarah Connor', "a person's full name"],
      ['maria_garcia', "a person's full name"],
      ['call-555-0100', 'a phone number'],
      ['+44 7911 123456', 'a phone number'],
      ['07911-123-456', 'a phone number'],
      ['jane.doe@example.com', 'an e-mail address'],
      ['@janedoe99', 'a social media handle or link'],
    ] as const) {
      const problem = tagNamesProblem(['dating', name]);
      expect(problem, name).toContain(what);
      expect(problem, name).toContain(`"${normalizeTag(name)}"`);
    }
  });

  it('leave ordinary tags alone, words that are also given names included', () => {
    for (const name of [
      'long-distance',
      'first-date',
      'age-gap',
      'trust-issues',
      'mother-in-law',
      'christian-dating',
      'grace-period',
      'jack-of-all-trades',
      'after-10-years',
      'over-40',
      '1990s',
      '2-year-relationship',
      'love_languages',
      'dating-apps',
      'red-flags',
    ]) {
      expect(tagNamesProblem([name]), name).toBeNull();
    }
  });
});
