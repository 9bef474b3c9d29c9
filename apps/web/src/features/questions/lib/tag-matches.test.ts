import { describe, expect, it } from 'vitest';
import { tagMatches } from './tag-matches.ts';

const tag = (id: number, name: string, count: number) => ({ id, name, count });
const TAGS = [
  tag(1, 'trust', 3),
  tag(2, 'first-date', 9),
  tag(3, 'dating-apps', 4),
  tag(4, 'breakup', 9),
  tag(5, 'distrust', 7),
];

describe('tagMatches', () => {
  it('lists every tag by use, then name, when nothing is typed', () => {
    expect(tagMatches(TAGS, '').map((t) => t.name)).toEqual([
      'breakup',
      'first-date',
      'distrust',
      'dating-apps',
      'trust',
    ]);
  });

  it('puts names that start with the text first, then those that contain it', () => {
    expect(tagMatches(TAGS, 'Trust').map((t) => t.name)).toEqual(['trust', 'distrust']);
    expect(tagMatches(TAGS, ' #dat').map((t) => t.name)).toEqual(['dating-apps', 'first-date']);
    expect(tagMatches(TAGS, 'zzz')).toEqual([]);
  });

  it('stops at the maximum', () => {
    expect(tagMatches(TAGS, '', 2)).toHaveLength(2);
  });
});
