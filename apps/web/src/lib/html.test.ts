import { describe, expect, it } from 'vitest';
import { htmlToText, isBlankHtml, textToHtml } from './html.ts';

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

// sanitizeHtml is tested in a real browser (e2e/tests/sanitize.spec.ts): happy-dom's DOM
// does not let DOMPurify remove nodes or attributes, so a test here would prove nothing.

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
