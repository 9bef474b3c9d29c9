import { describe, expect, it } from 'vitest';
import { highlightParts, searchTerms } from './highlight.ts';

const marked = (text: string, search: string) =>
  highlightParts(text, searchTerms(search))
    .filter((p) => p.match)
    .map((p) => p.text);

describe('search highlighting', () => {
  it('takes the words of a search, lower-cased, without duplicates or single letters', () => {
    expect(searchTerms('  First DATE, first a date?! ')).toEqual(['first', 'date']);
    expect(searchTerms('')).toEqual([]);
  });

  it('marks whole words that start with a search word, in any case', () => {
    expect(marked('Dating after a first date: Dates and updates', 'date')).toEqual([
      'date',
      'Dates',
    ]);
    expect(marked('Ça va? ÇA VA!', 'ça')).toEqual(['Ça', 'ÇA']);
  });

  it('keeps the text whole and in order', () => {
    const parts = highlightParts('a first date, then a second', ['first', 'second']);
    expect(parts.map((p) => p.text).join('')).toBe('a first date, then a second');
    expect(parts).toEqual([
      { text: 'a ', match: false },
      { text: 'first', match: true },
      { text: ' date, then a ', match: false },
      { text: 'second', match: true },
    ]);
  });

  it('treats regular-expression characters in a search as text', () => {
    const parts = highlightParts('costs (c++) or (.*), not cxx', ['c++', '.*']);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['c++', '.*']);
    expect(highlightParts('text', [])).toEqual([{ text: 'text', match: false }]);
  });
});
