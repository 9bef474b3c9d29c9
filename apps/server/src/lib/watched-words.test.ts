import { describe, expect, it } from 'vitest';
import { foldForMatching, ruleProblem, WatchedWordMatcher } from './watched-words.ts';

const matcher = new WatchedWordMatcher([
  { id: 1, word: 'telegram', action: 'review' },
  { id: 2, word: 'cash app', action: 'flag' },
  { id: 3, word: 'scam*', action: 'block' },
  { id: 4, word: 't.me', action: 'block' },
  { id: 5, word: 'onlyf*ns', action: 'flag' },
]);

const idOf = (text: string) => matcher.match([text])?.id ?? null;

describe('watched words', () => {
  it.each([
    ['DM me on telegram', 1],
    ['DM me on TELEGRAM!', 1],
    ['DM me on ｔｅｌｅｇｒａｍ', 1],
    ['DM me on tеlegram', 1], // a Cyrillic е
    ['DM me on tele\u200bgram', 1], // a zero-width space
    ['DM me on t e l e g r a m', 1],
    ['DM me on t.e.l.e.g.r.a.m now', 1],
    ['a t e l e g r a m', 1], // a word before the spaced one joins its run
    ['télégram', 1],
    ['send it on cash app', 2],
    ['send it on Cash  App', 2],
    ['a scammer', 3],
    ['SCAM', 3],
    ['join t.me/someone', 4],
    ['my onlyfans', 5],
    ['my onlyf4ns', 5],
  ])('%s', (text, id) => {
    expect(idOf(text)).toBe(id);
  });

  it.each([
    'telegrams are old',
    'the telegraph',
    'cashapp', // a phrase's words must be apart
    'a cash machine and an app',
    'escape the scam'.replace('scam', 'sc am'),
    'Tom e. Lee, Gram', // words, not letters
  ])('not in %s', (text) => {
    expect(idOf(text)).toBeNull();
  });

  it('takes the strictest rule a post holds', () => {
    expect(matcher.match(['telegram or a scam'])).toEqual({ id: 3, action: 'block' });
    expect(matcher.match(['telegram', 'cash app'])).toEqual({ id: 1, action: 'review' });
  });

  it('folds as tags do, and reads look-alikes as Latin', () => {
    expect(foldForMatching('ＤＡＴＩＮＧ')).toBe('dating');
    expect(foldForMatching('dаting')).toBe('dating');
    expect(foldForMatching("don't")).toBe('dont');
  });

  it('refuses rules without a word', () => {
    expect(ruleProblem('*')).not.toBeNull();
    expect(ruleProblem(' .. ')).not.toBeNull();
    expect(ruleProblem('telegram')).toBeNull();
  });

  it('matches a post against 1,000 rules in well under a millisecond (printed)', () => {
    const rules = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      word: i % 10 === 0 ? `badword${i}*` : i % 7 === 0 ? `bad phrase ${i}` : `badword${i}`,
      action: 'flag' as const,
    }));
    const many = new WatchedWordMatcher(rules);
    const post =
      'My boyfriend and I have been together for three years and lately he seems distant. '.repeat(
        12,
      );
    for (let i = 0; i < 50; i += 1) many.match([post]);
    const runs = 500;
    const start = process.hrtime.bigint();
    for (let i = 0; i < runs; i += 1) many.match([post]);
    const perPost = Number(process.hrtime.bigint() - start) / runs / 1e6;
    console.info(
      `watched words: 1,000 rules, a ${post.length}-character post: ${perPost.toFixed(3)} ms`,
    );
    expect(many.match([`${post} badword990xyz`])?.id).toBe(991);
  });
});
