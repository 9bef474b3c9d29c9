/**
 * Question HTML, drawn as React elements from a plain tree of it, never as markup: only the
 * contract's allowlist of elements reaches the page, links only with a checked http, https
 * or mailto address and our rel, and no other attribute at all. Defence in depth: the
 * server sanitized the HTML with the same allowlist when it was posted.
 *
 * The tree is read with the browser's inert DOMParser (lib/html-tree.ts), and with
 * htmlparser2 when the server draws the page (lib/html-tree.server.ts, held equal by a
 * test), so hydration finds the text as the server drew it. An element outside the
 * allowlist gives way to its content, as DOMPurify's KEEP_CONTENT does; what is not text
 * (a script, a style, an iframe...) is not in the tree at all. DOMPurify did this job
 * before, as a tenth of the JavaScript a question's page loaded (issue 21).
 */
import { ALLOWED_TAGS, LINK_REL } from '@dating/contract';
import { createElement, Fragment, type ReactNode, useMemo } from 'react';
import { cx } from '../../lib/cx.ts';
import { safeHref } from '../../lib/html-preview.ts';
import { parseHtml } from '../../lib/html-tree.ts';
import type { HtmlNode } from '../../lib/html-tree-node.ts';
import styles from './rich-text.module.css';

const ALLOWED = new Set<string>(ALLOWED_TAGS);

/** The tree's nodes as elements of the allowlist and text (exported for its unit test). */
export function allowedElements(nodes: readonly HtmlNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === 'text') return node.text;
    const href = node.name === 'a' ? safeHref(node.href) : null;
    // A link without an address it may keep is its text; so is an element not allowed.
    const kept = ALLOWED.has(node.name) && (node.name !== 'a' || href !== null);
    const props = href === null ? {} : { href, rel: LINK_REL };
    return createElement(
      kept ? node.name : Fragment,
      // By position: the nodes of one text, in order, drawn anew when the text changes.
      { key: index, ...props },
      ...allowedElements(node.children),
    );
  });
}

export function SafeHtml({
  html,
  className,
  testId,
  lang,
}: {
  html: string;
  className?: string | undefined;
  testId?: string;
  /** The language the text is written in, when known; its direction follows its text. */
  lang?: string | null;
}) {
  const elements = useMemo(() => allowedElements(parseHtml(html)), [html]);
  return (
    <div
      className={cx(styles.richText, className)}
      data-testid={testId}
      lang={lang ?? undefined}
      dir={lang === undefined ? undefined : 'auto'}
    >
      {elements}
    </div>
  );
}
