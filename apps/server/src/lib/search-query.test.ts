import { LIMITS } from '@dating/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchQueryText } from './search-query.ts';

/**
 * What a rebuilt query may be: terms (a word, or words in quotes), each with at most one
 * `-`, with `or` only between two terms.
 */
const TERM = String.raw`-?(?:"[\p{L}\p{M}\p{N}._@ -]+"|[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}._@-]*)`;
const GRAMMAR = new RegExp(`^${TERM}(?: (?:or )?${TERM})*$`, 'u');

const wordsIn = (text: string) => text.match(/[\p{L}\p{M}\p{N}]+/gu)?.length ?? 0;

describe('searchQueryText', () => {
  it('keeps words, phrases, exclusions and or as people type them', () => {
    expect(searchQueryText('first date')).toBe('first date');
    expect(searchQueryText('"first date" -ghosting')).toBe('"first date" -ghosting');
    expect(searchQueryText('texting OR calling')).toBe('texting or calling');
    expect(searchQueryText('first-date jane.doe@example.com')).toBe(
      'first-date jane.doe@example.com',
    );
    expect(searchQueryText('Ｄａｔｉｎｇ')).toBe('Dating');
    expect(searchQueryText('"unclosed phrase')).toBe('"unclosed phrase"');
  });

  it('leaves at most one operator before a term and one between terms', () => {
    expect(searchQueryText('-'.repeat(33))).toBeNull();
    expect(searchQueryText(`${'-'.repeat(40)}x`)).toBe('-x');
    expect(searchQueryText(`${'- '.repeat(40)}x`)).toBe('x');
    expect(searchQueryText(`${'(-'.repeat(40)}x`)).toBe('-x');
    expect(searchQueryText(`${'!'.repeat(40)}x`)).toBe('x');
    expect(searchQueryText('or or a or or or b or')).toBe('a or b');
    expect(searchQueryText('-or a')).toBe('a');
    expect(searchQueryText('"" -"" x')).toBe('x');
  });

  it('drops invisible characters and controls', () => {
    expect(searchQueryText('da\u200bting\u202e \u0000x')).toBe('dating x');
  });

  it('is null for a search without a word', () => {
    for (const text of ['', '   ', '!&|:*()\'"', '-', '" "', '\u200b']) {
      expect(searchQueryText(text), JSON.stringify(text)).toBeNull();
    }
  });

  it(`keeps at most ${LIMITS.searchTermsMax} words`, () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(wordsIn(searchQueryText(many) ?? '')).toBe(LIMITS.searchTermsMax);
    const phrase = `"${Array.from({ length: 40 }, (_, i) => `p${i}`).join(' ')}"`;
    expect(wordsIn(searchQueryText(phrase) ?? '')).toBe(LIMITS.searchTermsMax);
  });

  it('always yields the grammar, within the word limit (property-based)', () => {
    const operators = fc.constantFrom('-', '"', ' ', 'or', 'OR', '(', ')', '!', '&', '|', ':', '*');
    const text = fc.oneof(
      fc.string({ maxLength: LIMITS.searchMax }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc
        .array(fc.oneof(operators, fc.constantFrom('a', 'date', 'é', '愛', '1', '_')), {
          maxLength: 120,
        })
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, (raw) => {
        const query = searchQueryText(raw);
        if (query === null) return;
        expect(query).toMatch(GRAMMAR);
        expect(wordsIn(query)).toBeLessThanOrEqual(LIMITS.searchTermsMax);
        expect(searchQueryText(query)).toBe(query);
      }),
      { numRuns: 3_000 },
    );
  });
});
