import { describe, expect, it } from 'vitest';
import { htmlToPlainText, sanitizeQuestionHtml } from '../src/lib/rich-text.ts';
import { carriesFixedWord, FIXED_WORD_MATCHES, generateQuestionText, seedRandom } from './seed.ts';

describe('seed data', () => {
  it("writes question HTML the sanitizer keeps, and exactly the server's plain text of it", () => {
    const r = seedRandom(7);
    for (let i = 0; i < 300; i++) {
      const { html, plain } = generateQuestionText(r, {
        common: i % 3 === 0,
        rare: i % 50 === 0,
        fixed: i % 7 === 0,
      });
      expect(sanitizeQuestionHtml(html)).toBe(html);
      expect(htmlToPlainText(html)).toBe(plain);
    }
  });

  it.each([10, 100, 150, 10_000, 100_001, 1_000_000])(
    'puts the fixed word in exactly as many questions at %i',
    (questions) => {
      let count = 0;
      for (let qid = 1; qid <= questions; qid += 1)
        if (carriesFixedWord(qid, questions)) count += 1;
      expect(count).toBe(Math.min(questions, FIXED_WORD_MATCHES));
    },
  );
});
