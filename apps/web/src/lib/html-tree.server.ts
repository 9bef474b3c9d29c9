/**
 * ./html-tree.ts for the server's drawing of the first screen (src/entry-server.tsx), which
 * has no DOMParser: the same tree, read with htmlparser2. The two must agree on every HTML
 * the API lets through (html-tree.test.ts), or hydration would find the feed's cards changed.
 */
import { ElementType, parseDocument } from 'htmlparser2';
import { type HtmlNode, MAX_TREE_DEPTH, NOT_TEXT } from './html-tree-node.ts';

type DomNode = ReturnType<typeof parseDocument>['children'][number];

function fromDom(node: DomNode, depth: number): HtmlNode | null {
  if (node.type === ElementType.Text) return { type: 'text', text: node.data };
  if (
    node.type !== ElementType.Tag &&
    node.type !== ElementType.Script &&
    node.type !== ElementType.Style
  ) {
    return null;
  }
  const name = node.name;
  if (NOT_TEXT.has(name)) return null;
  return {
    type: 'element',
    name,
    href: node.attribs.href ?? null,
    children: depth < MAX_TREE_DEPTH ? childrenOf(node.children, depth + 1) : [],
  };
}

function childrenOf(nodes: readonly DomNode[], depth: number): HtmlNode[] {
  const children: HtmlNode[] = [];
  for (const node of nodes) {
    const child = fromDom(node, depth);
    if (child) children.push(child);
  }
  return children;
}

/** The nodes of `html`, as a browser's parser would put them in a document's body. */
export function parseHtml(html: string): HtmlNode[] {
  // A browser's parser turns every CR LF and lone CR into LF before it reads anything.
  return childrenOf(parseDocument(html.replace(/\r\n?/g, '\n')).children, 1);
}
