import { describe, expect, it } from 'vitest';
import { excerpt, htmlToText, isBlankHtml, textToHtml } from './html.ts';

describe('isBlankHtml (empty after stripping markup)', () => {
  it.each([
    '',
    '<p></p>',
    '<p> </p>',
    '<p>&nbsp;</p>',
    '<h1><br></h1><p><strong> </strong></p>',
    '<ul><li><p></p></li></ul>',
  ])('%j is blank', (html) => {
    expect(isBlankHtml(html)).toBe(true);
  });

  it.each(['<p>Hi</p>', '<ol><li>one</li></ol>', 'plain', '<p><a href="https://x.y">x</a></p>'])(
    '%j has text',
    (html) => {
      expect(isBlankHtml(html)).toBe(false);
    },
  );
});

describe('plain text and back', () => {
  it('turns blocks into lines', () => {
    expect(htmlToText('<h1>Title</h1><p>One<br>two</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Title\nOne\ntwo\na\nb',
    );
  });

  it('escapes text into paragraphs', () => {
    expect(textToHtml('a < b\n\nsecond\nline')).toBe('<p>a &lt; b</p><p>second<br>line</p>');
  });
});

describe('plain-text excerpts', () => {
  it('drops formatting and headings, running blocks together', () => {
    expect(
      excerpt(
        '<h1>Big title</h1><p>One <strong>bold</strong> word</p><ul><li>a</li><li>b</li></ul>',
        160,
      ),
    ).toBe('Big title One bold word a b');
  });

  it('cuts a long text at a word boundary with an ellipsis', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const text = excerpt(`<p>${words}</p>`, 280);
    expect(text.endsWith('…')).toBe(true);
    expect([...text].length).toBeLessThanOrEqual(281);
    expect(words.startsWith(text.slice(0, -1))).toBe(true);
    expect(text.slice(0, -1)).toMatch(/word\d+$/);
    expect(excerpt('<p>short</p>', 280)).toBe('short');
  });

  it('keeps markup as text: nothing from the HTML becomes an element', () => {
    expect(excerpt('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><script>x()</script>', 280)).toBe(
      '<script>alert(1)</script>',
    );
    expect(excerpt('<img src=x onerror="alert(1)"><p>after</p>', 280)).toBe('after');
  });
});
