import { describe, expect, it } from 'vitest';
import { type Inline, type PreviewBlock, previewBlocks, safeHref } from './html-preview.ts';
import { parseHtml as onServer } from './html-tree.server.ts';
import { parseHtml } from './html-tree.ts';

const preview = (html: string, limits?: Parameters<typeof previewBlocks>[1]) =>
  previewBlocks(parseHtml(html), limits);

const PLAIN = { strong: false, em: false, underline: false, strike: false, href: null };
const text = (value: string, style: Partial<Inline['style']> = {}): Inline => ({
  type: 'text',
  text: value,
  style: { ...PLAIN, ...style },
  mark: false,
});
const paragraph = (...inlines: Inline[]): PreviewBlock => ({ type: 'paragraph', inlines });

/** The blocks as lines of text, '*' around bold, a list item as '- ' or '1. '. */
function lines(blocks: readonly PreviewBlock[], indent = ''): string[] {
  return blocks.flatMap((block) => {
    if (block.type === 'paragraph') {
      return [
        indent +
          block.inlines
            .map((inline) =>
              inline.type === 'break'
                ? '⏎'
                : inline.style.strong
                  ? `*${inline.text}*`
                  : inline.text,
            )
            .join(''),
      ];
    }
    return block.items.flatMap((item, i) =>
      lines(item, `${indent}${block.ordered ? `${i + 1}.` : '-'} `),
    );
  });
}

describe("a card's view of a question's HTML", () => {
  it('keeps bold, italic, underline, strike and links, each as a style of the text', () => {
    expect(
      preview(
        '<p>a <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u> <s>g</s> <strike>h</strike> <a href="https://x.example/">i</a></p>',
      ),
    ).toEqual([
      paragraph(
        text('a '),
        text('b', { strong: true }),
        text(' '),
        text('c', { strong: true }),
        text(' '),
        text('d', { em: true }),
        text(' '),
        text('e', { em: true }),
        text(' '),
        text('f', { underline: true }),
        text(' '),
        text('g', { strike: true }),
        text(' '),
        text('h', { strike: true }),
        text(' '),
        text('i', { href: 'https://x.example/' }),
      ),
    ]);
  });

  it('draws headings as bold paragraphs: no heading of the author reaches the page', () => {
    expect(preview('<h1>Title <em>here</em></h1><h2>Sub</h2><p>Body</p>')).toEqual([
      paragraph(text('Title ', { strong: true }), text('here', { strong: true, em: true })),
      paragraph(text('Sub', { strong: true })),
      paragraph(text('Body')),
    ]);
  });

  it('keeps lists, nested ones too, and the editor’s paragraphs inside items', () => {
    const blocks = preview(
      '<ul><li><p>Met 3 months ago</p></li><li>He replies after <b>2 days</b><ol><li>first</li><li>second</li></ol></li></ul>',
    );
    expect(lines(blocks)).toEqual([
      '- Met 3 months ago',
      '- He replies after *2 days*',
      '- 1. first',
      '- 2. second',
    ]);
    expect(blocks[0]).toMatchObject({ type: 'list', ordered: false });
  });

  it('keeps line breaks inside a paragraph, not at its ends, and drops empty paragraphs', () => {
    expect(preview('<p><br>one<br>two<br></p><p></p><p> </p><p><br></p><p>three</p>')).toEqual([
      paragraph(text('one'), { type: 'break', style: PLAIN }, text('two')),
      paragraph(text('three')),
    ]);
  });

  it('reads white space as the page lays it out: one space, none at the ends of a block', () => {
    expect(preview('\n  <p>  a \n\t b <b> c </b> d  </p>\n\n<ul>\n <li> e </li>\n</ul>')).toEqual([
      paragraph(text('a b '), text('c ', { strong: true }), text('d')),
      { type: 'list', ordered: false, items: [[paragraph(text('e'))]] },
    ]);
  });

  it('keeps only http, https and mailto links; any other address leaves the text unlinked', () => {
    expect(safeHref('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(safeHref('mailto:a@example.com')).toBe('mailto:a@example.com');
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '/relative',
      '//evil.example/',
      'example.com',
      '',
      null,
    ]) {
      expect(safeHref(href), String(href)).toBe(null);
    }
    expect(preview('<p><a href="javascript:alert(1)">click</a></p>')).toEqual([
      paragraph(text('click')),
    ]);
  });

  it('gives only the text of any element outside the editor’s, and nothing of a script', () => {
    expect(
      lines(
        preview(
          '<div>one</div><img src=x onerror="alert(1)"><p onclick="x()" style="color:red">two<script>alert(2)</script></p><svg><text>three</text></svg><span>four</span>',
        ),
      ),
    ).toEqual(['one', 'two', 'four']);
  });

  it('reads a block inside bold or a link as a block of its own, keeping the style', () => {
    expect(lines(preview('<p>before <b>bold<ul><li>item</li></ul>after</b></p>'))).toEqual([
      'before *bold*',
      '- *item*',
      '*after*',
    ]);
  });

  it('joins the pieces of one style into one run, so a link is drawn once', () => {
    expect(
      preview('<p><a href="https://x.example/">go <b>here</b><!-- note --> now</a></p>'),
    ).toEqual([
      paragraph(
        text('go ', { href: 'https://x.example/' }),
        text('here', { href: 'https://x.example/', strong: true }),
        text(' now', { href: 'https://x.example/' }),
      ),
    ]);
  });

  it('keeps only the start of a long question: cut at a word, with an ellipsis', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const [block] = preview(`<p>${words}</p>`, { maxChars: 50, maxLines: 7 });
    expect(block).toEqual(paragraph(text('word0 word1 word2 word3 word4 word5 word6 word7…')));
    const many = Array.from({ length: 30 }, (_, i) => `<li>item ${i}</li>`).join('');
    expect(lines(preview(`<ul>${many}</ul><p>after</p>`, { maxChars: 640, maxLines: 7 }))).toEqual([
      '- item 0',
      '- item 1',
      '- item 2',
      '- item 3',
      '- item 4',
      '- item 5',
      '- item 6',
    ]);
  });

  it('is the same whichever parser read the HTML, even where they nest elements apart', () => {
    for (const html of [
      '<h1>Head</h1><p>Text with <b>bold</b>, <a href="https://x.example">a link</a></p><ul><li><p>one</p></li></ul>',
      '<p>a <b>b<ul><li>c</li></ul>d</b></p>',
      '<p>a<h2>b</h2>c</p>',
      '<b><p>one</p><p>two</p></b>',
      '<li>loose item</li><ul>text<li>x</li></ul>',
      '<p>unclosed <i>italic',
    ]) {
      expect(previewBlocks(onServer(html)), html).toEqual(previewBlocks(parseHtml(html)));
    }
  });
});
