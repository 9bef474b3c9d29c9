import { describe, expect, it } from 'vitest';
import { htmlToPlainText, sanitizeQuestionHtml } from '../lib/rich-text.ts';
import { generateQuestionText, seedRandom } from './seed.ts';

describe('seed data', () => {
  it("writes question HTML the sanitizer keeps, and exactly the server's plain text of it", () => {
    const r = seedRandom(7);
    for (let i = 0; i < 300; i++) {
      const { html, plain } = generateQuestionText(r, { common: i % 3 === 0, rare: i % 50 === 0 });
      expect(sanitizeQuestionHtml(html)).toBe(html);
      expect(htmlToPlainText(html)).toBe(plain);
    }
  });
});
