import { describe, expect, it } from 'vitest';
import { highlightBlocks, highlightParts, searchTerms } from './highlight.ts';
import { type PreviewBlock, previewBlocks } from './html-preview.ts';
import { parseHtml } from './html-tree.ts';

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

/** The blocks' text, each marked piece in [brackets], bold pieces in *stars*. */
function shown(blocks: readonly PreviewBlock[]): string {
  return blocks
    .map((block) =>
      block.type === 'paragraph'
        ? block.inlines
            .map((inline) => {
              if (inline.type === 'break') return '⏎';
              const piece = inline.mark ? `[${inline.text}]` : inline.text;
              return inline.style.strong ? `*${piece}*` : piece;
            })
            .join('')
        : block.items.map((item) => `- ${shown(item)}`).join(' | '),
    )
    .join(' ¶ ');
}

const highlighted = (html: string, search: string) =>
  shown(highlightBlocks(previewBlocks(parseHtml(html)), searchTerms(search)));

describe('search highlighting inside formatted text', () => {
  it('marks the words in every paragraph and list item, keeping the formatting', () => {
    expect(
      highlighted(
        '<h1>First date</h1><p>A <b>second date</b>, dating</p><ul><li>dates <i>night</i></li></ul>',
        'date',
      ),
    ).toBe('*First **[date]* ¶ A *second **[date]*, dating ¶ - [dates] night');
  });

  it('finds a word split between styles, and marks each piece of it', () => {
    expect(highlighted('<p>a <b>da</b>te</p>', 'date')).toBe('a *[da]*[te]');
  });

  it('does not run a word on across a line break', () => {
    expect(highlighted('<p>up<br>date</p>', 'update')).toBe('up⏎date');
    expect(highlighted('<p>up<br>date</p>', 'date')).toBe('up⏎[date]');
  });

  it('keeps the text whole, and its markup-like text as text', () => {
    const blocks = highlightBlocks(
      previewBlocks(
        parseHtml('<p>&lt;mark&gt;date&lt;/mark&gt; <a href="https://x.example/">date</a></p>'),
      ),
      ['date'],
    );
    expect(shown(blocks)).toBe('<mark>[date]</mark> [date]');
    expect(blocks[0]).toMatchObject({
      inlines: [
        { text: '<mark>', mark: false },
        { text: 'date', mark: true },
        { text: '</mark> ', mark: false },
        { text: 'date', mark: true, style: { href: 'https://x.example/' } },
      ],
    });
  });

  it('leaves the blocks as they are without a search', () => {
    const blocks = previewBlocks(parseHtml('<p>a <b>date</b></p>'));
    expect(highlightBlocks(blocks, [])).toEqual(blocks);
  });
});
