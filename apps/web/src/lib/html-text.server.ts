/**
 * ./html-text.ts for the server's drawing of the first screen (src/entry-server.tsx), which
 * has no DOMParser: the same text, read with htmlparser2. The two must agree on every HTML
 * the server lets through (html-text.test.ts), or hydration would find a title changed.
 */
import { DomUtils, parseDocument } from 'htmlparser2';

const NOT_TEXT = new Set(['script', 'style', 'template', 'noscript']);

export function textOfHtml(html: string): string {
  // A browser's parser turns every CR LF and lone CR into LF before it reads anything.
  const doc = parseDocument(html.replace(/\r\n?/g, '\n'));
  for (const element of DomUtils.getElementsByTagName((name) => NOT_TEXT.has(name), doc)) {
    DomUtils.removeElement(element);
  }
  return DomUtils.textContent(doc);
}
