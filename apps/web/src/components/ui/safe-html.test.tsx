/**
 * Question HTML drawn from its tree: the allowlist's elements only, links only with an
 * address they may keep and our rel, no other attribute, nothing that runs. The same on
 * the server's tree (htmlparser2) as on the browser's (DOMParser), so hydration agrees.
 */
import { LINK_REL } from '@dating/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseHtml as onServer } from '../../lib/html-tree.server.ts';
import { parseHtml as inBrowser } from '../../lib/html-tree.ts';
import { allowedElements } from './safe-html.tsx';

const draw = (html: string, parse = inBrowser) =>
  renderToStaticMarkup(allowedElements(parse(html)));

describe('question HTML drawn from its tree', () => {
  it('keeps every element of the editor, as written', () => {
    const html =
      '<h1>Head</h1><h2>Sub</h2><p>One <strong>s</strong> <b>b</b> <em>e</em> <i>i</i> ' +
      '<u>u</u> <s>s</s> <strike>k</strike><br>next</p><ol><li>one</li></ol><ul><li>two</li></ul>';
    // React writes a void element as <br/>.
    expect(draw(html)).toBe(html.replace('<br>', '<br/>'));
  });

  it('keeps http, https and mailto links, with our rel and nothing else', () => {
    expect(
      draw(
        '<p><a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="opener" title="t">one</a>' +
          '<a href="mailto:someone@example.com">two</a></p>',
      ),
    ).toBe(
      `<p><a href="https://example.com/?a=1&amp;b=2" rel="${LINK_REL}">one</a>` +
        `<a href="mailto:someone@example.com" rel="${LINK_REL}">two</a></p>`,
    );
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/relative/path',
    '//example.com/protocol-relative',
  ])('draws a link to %j as its text only', (href) => {
    expect(draw(`<p><a href="${href.replace(/"/g, '&quot;')}">text</a></p>`)).toBe('<p>text</p>');
  });

  it('draws no element outside the allowlist, nor any attribute, and runs nothing', () => {
    const hostile =
      '<p onclick="x()" style="color:red" class="c" id="i">handler</p>' +
      '<img src=x onerror="x()"><script>x()</script><iframe src="https://e.com"></iframe>' +
      '<svg><script>x()</script></svg><div><span>kept text</span></div>' +
      '<table><tr><td>cell</td></tr></table><style>p{}</style>';
    // The server's tree: happy-dom's DOMParser stops short of a browser's on this markup
    // (e2e/tests/sanitize.spec.ts draws it in Chromium).
    expect(draw(hostile, onServer)).toBe('<p>handler</p>kept textcell');
  });

  it('escapes text: markup written as text stays text', () => {
    expect(draw('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>',
    );
  });

  it.each([
    '<p>Plain <b>bold</b> and <a href="https://example.com">a link</a></p><ul><li>one</li></ul>',
    '<p>unclosed <b>bold',
    '<p>  spaced   out  </p>\n\n<p></p><p> </p>',
    'no markup at all',
  ])('draws %j alike from the server’s tree and the browser’s', (html) => {
    expect(draw(html, onServer)).toBe(draw(html, inBrowser));
  });
});
