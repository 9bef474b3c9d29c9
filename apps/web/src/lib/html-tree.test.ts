/**
 * The server's drawing of the first screen reads HTML with htmlparser2 (html-tree.server.ts),
 * the browser with DOMParser (html-tree.ts): on every kind of HTML the API lets through they
 * must read the same tree, or hydration would find the feed's cards changed.
 */
import { describe, expect, it } from 'vitest';
import { parseHtml as onServer } from './html-tree.server.ts';
import { parseHtml as inBrowser } from './html-tree.ts';

const SAMPLES = [
  '<p>Plain words.</p>',
  '<p>One</p><p>Two <b>bold</b> <i>it</i> <s>gone</s> <u>under</u> <strike>old</strike></p>',
  '<h1>Head</h1><h2>Sub</h2><p>Text</p>',
  '<ul><li>one</li><li>two <b>2</b></li></ul><ol><li><p>first</p><ul><li>nested</li></ul></li></ol>',
  '<p>Line<br>break<br/>again</p>',
  '<p>Tom &amp; Jerry &lt;3 &gt; &quot;quotes&quot; &#39;apostrophe&#39; a&nbsp;b &eacute; &#x1F600;</p>',
  '<p><a href="https://example.com/?a=1&amp;b=2" rel="nofollow noopener noreferrer ugc">a link</a> after</p>',
  '<p><a href="mailto:someone@example.com">mail</a> <a>no address</a></p>',
  '<p>Emoji 💬 and accents: café, naïve, 日本語</p>',
  '<p>  spaced   out  </p>\n\n<p></p><p> </p>',
  'no markup at all',
  '<p>unclosed <b>bold',
  '<p>a<script>x()</script><style>p{}</style>b</p>',
];

describe('HTML read as a tree, in the browser and on the server', () => {
  it.each(SAMPLES)('agrees on %j', (html) => {
    expect(onServer(html)).toEqual(inBrowser(html));
  });

  it('reads text, elements with their href, and nothing that is not text', () => {
    expect(inBrowser('<p>a <a href="https://x.example">b</a><script>no()</script></p>')).toEqual([
      {
        type: 'element',
        name: 'p',
        href: null,
        children: [
          { type: 'text', text: 'a ' },
          {
            type: 'element',
            name: 'a',
            href: 'https://x.example',
            children: [{ type: 'text', text: 'b' }],
          },
        ],
      },
    ]);
  });

  it('turns CR LF and lone CR into LF, as a browser parser does first (happy-dom does not)', () => {
    expect(onServer('Windows\r\nline\rends')).toEqual([
      { type: 'text', text: 'Windows\nline\nends' },
    ]);
  });

  it('stops at a depth no stored question reaches, on both sides alike', () => {
    const deep = `${'<b>'.repeat(200)}deep${'</b>'.repeat(200)}`;
    const depth = (nodes: ReturnType<typeof onServer>): number =>
      Math.max(0, ...nodes.map((n) => (n.type === 'element' ? 1 + depth(n.children) : 0)));
    expect(depth(onServer(deep))).toBe(64);
    expect(depth(inBrowser(deep))).toBe(64);
  });
});
