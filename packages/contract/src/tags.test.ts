import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { normalizeTags, tagListProblem } from './tags.ts';

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
