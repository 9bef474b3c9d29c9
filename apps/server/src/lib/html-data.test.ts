import { describe, expect, it } from 'vitest';
import { escapeJsonForHtml, withInitialData, withTitle } from './html-data.ts';

describe('data in HTML', () => {
  it('escapes every "<" and U+2028/U+2029, and reads back the same value', () => {
    const value = { text: '</script><script>alert(1)</script><!-- \u2028 \u2029 & >' };
    const escaped = escapeJsonForHtml(JSON.stringify(value));
    expect(escaped).not.toContain('<');
    expect(escaped).not.toMatch(/[\u2028\u2029]/);
    expect(escaped).toContain('\\u003c/script>');
    expect(JSON.parse(escaped)).toEqual(value);
  });

  it('puts the element at the end of the body, or at the end of a page without one', () => {
    expect(withInitialData('<html><body><div id="root"></div></body></html>', '{"a":1}')).toBe(
      '<html><body><div id="root"></div><script type="application/json" id="initial-data">{"a":1}</script></body></html>',
    );
    expect(withInitialData('<title>app</title>', '[]')).toBe(
      '<title>app</title><script type="application/json" id="initial-data">[]</script>',
    );
  });

  it("replaces the head's title with the text given, escaped, and leaves a page without one", () => {
    const page = '<html><head><title>app</title></head><body><p>x</p></body></html>';
    expect(withTitle(page, 'Is it too soon? · Dating Advice')).toBe(
      '<html><head><title>Is it too soon? · Dating Advice</title></head><body><p>x</p></body></html>',
    );
    expect(withTitle(page, '</title><script>alert(1)</script> & more')).toBe(
      '<html><head><title>&lt;/title>&lt;script>alert(1)&lt;/script> &amp; more</title></head><body><p>x</p></body></html>',
    );
    expect(withTitle('<p>no title</p>', 'x')).toBe('<p>no title</p>');
  });
});
