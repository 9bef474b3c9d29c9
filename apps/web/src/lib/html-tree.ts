/**
 * Some HTML as a plain tree (text, and elements with their name, href and children), read
 * the way a browser reads it: DOMParser builds an inert document (no scripts run, no images
 * load). The server's drawing of the first screen has no DOMParser and reads the same tree
 * with htmlparser2 instead (./html-tree.server.ts, put in its place by vite.config.ts); the
 * two must agree on every HTML the API lets through (html-tree.test.ts), or hydration
 * would find the feed's cards changed.
 */
import { type HtmlNode, MAX_TREE_DEPTH, NOT_TEXT } from './html-tree-node.ts';

function fromDom(node: Node, depth: number): HtmlNode | null {
  if (node.nodeType === Node.TEXT_NODE) return { type: 'text', text: node.nodeValue ?? '' };
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const name = element.localName;
  if (NOT_TEXT.has(name)) return null;
  return {
    type: 'element',
    name,
    href: element.getAttribute('href'),
    children: depth < MAX_TREE_DEPTH ? childrenOf(element.childNodes, depth + 1) : [],
  };
}

function childrenOf(nodes: NodeListOf<ChildNode>, depth: number): HtmlNode[] {
  const children: HtmlNode[] = [];
  for (const node of nodes) {
    const child = fromDom(node, depth);
    if (child) children.push(child);
  }
  return children;
}

/** The nodes of `html`'s body. */
export function parseHtml(html: string): HtmlNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return childrenOf(doc.body.childNodes, 1);
}
