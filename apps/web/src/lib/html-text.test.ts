/**
 * The server's drawing of the first screen reads the text of HTML with htmlparser2
 * (html-text.server.ts), the browser with DOMParser (html-text.ts): on every kind of HTML
 * the API lets through they must agree, or hydration would find a question's title changed.
 */
import { describe, expect, it } from 'vitest';
import { textOfHtml as onServer } from './html-text.server.ts';
import { textOfHtml as inBrowser } from './html-text.ts';

const SAMPLES = [
  '<p>Plain words.</p>',
  '<p>One</p><p>Two <b>bold</b> <i>it</i> <s>gone</s> <u>under</u></p>',
  '<h1>Head</h1><h2>Sub</h2><p>Text</p>',
  '<ul><li>one</li><li>two <b>2</b></li></ul><ol><li>first</li></ol>',
  '<p>Line<br>break<br/>again</p>',
  '<p>Tom &amp; Jerry &lt;3 &gt; &quot;quotes&quot; &#39;apostrophe&#39; a&nbsp;b &eacute; &#x1F600;</p>',
  '<p><a href="https://example.com" rel="nofollow noopener noreferrer ugc">a link</a> after</p>',
  '<blockquote><p>quoted</p></blockquote><pre><code>code  with   spaces</code></pre>',
  '<p>Emoji 💬 and accents: café, naïve, 日本語</p>',
  '<p>  spaced   out  </p>\n\n<p></p><p> </p>',
  'no markup at all',
  '<p>unclosed <b>bold',
];

describe('the text of HTML, in the browser and on the server', () => {
  it.each(SAMPLES)('agrees on %j', (html) => {
    expect(onServer(html)).toBe(inBrowser(html));
  });

  it('turns CR LF and lone CR into LF, as a browser parser does first (happy-dom does not)', () => {
    expect(onServer('<p>Windows\r\nline\rends</p>')).toBe('Windows\nline\nends');
  });
});
