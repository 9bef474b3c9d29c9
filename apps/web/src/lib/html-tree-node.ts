/** The plain tree that ./html-tree.ts and ./html-tree.server.ts both read HTML into. */

export type HtmlNode =
  | { type: 'text'; text: string }
  | { type: 'element'; name: string; href: string | null; children: HtmlNode[] };

/**
 * Elements whose content is not text a reader sees. Left out of the tree with their
 * content: browsers and htmlparser2 do not read the inside of some of them alike (an
 * iframe's or a noscript's is raw text to one, markup to the other), so neither reads it.
 */
export const NOT_TEXT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'textarea',
  'title',
  'iframe',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'object',
  'embed',
  'option',
]);

/**
 * How deep the tree goes: deeper elements are left empty. The API stores no markup nested
 * half as deep; the cap keeps a hostile page of nested elements from exhausting the stack.
 */
export const MAX_TREE_DEPTH = 64;
