/**
 * A question's text on its feed card: its formatting (bold, italic, underline, strike,
 * lists and links), headings as bold paragraphs, the search's words marked, clamped to a
 * few lines by CSS.
 *
 * Drawn from a model of the HTML (lib/html-preview.ts) as React elements, never as markup:
 * whatever the API sent, only these few elements and a checked http, https or mailto
 * address can reach the page (defence in depth: the server sanitized the HTML when it was
 * posted). So the feed's first load needs no DOMPurify; the question's page, which puts the
 * HTML itself in the page, loads it. The model is read with the browser's parser here and
 * with htmlparser2 when the server draws the first screen (lib/html-tree.server.ts); the
 * model is the same either way, so hydration finds each card as the server drew it.
 */
import { LINK_REL } from '@dating/contract';
import { Fragment, type ReactNode, useMemo } from 'react';
import { highlightBlocks } from '../../../lib/highlight.ts';
import { type Inline, type PreviewBlock, previewBlocks } from '../../../lib/html-preview.ts';
import { parseHtml } from '../../../lib/html-tree.ts';
import styles from './question-card.module.css';

/** Each style, outermost first, with the element that draws it. */
const WRAPPERS: readonly {
  key: (inline: Inline) => string | boolean | null;
  wrap: (children: ReactNode[], value: string | true, key: number) => ReactNode;
}[] = [
  {
    key: (inline) => inline.style.href,
    wrap: (children, href, key) => (
      <a key={key} href={String(href)} rel={LINK_REL}>
        {children}
      </a>
    ),
  },
  { key: (inline) => inline.style.strong, wrap: (c, _, key) => <strong key={key}>{c}</strong> },
  { key: (inline) => inline.style.em, wrap: (c, _, key) => <em key={key}>{c}</em> },
  { key: (inline) => inline.style.underline, wrap: (c, _, key) => <u key={key}>{c}</u> },
  { key: (inline) => inline.style.strike, wrap: (c, _, key) => <s key={key}>{c}</s> },
  {
    key: (inline) => inline.type === 'text' && inline.mark,
    wrap: (c, _, key) => <mark key={key}>{c}</mark>,
  },
];

/**
 * Inlines as elements: consecutive inlines that share a style share one element (one link,
 * not one per styled piece of it), styles nested in one fixed order.
 */
function drawInlines(inlines: readonly Inline[], level = 0): ReactNode[] {
  const wrapper = WRAPPERS[level];
  if (wrapper === undefined) {
    return inlines.map((inline, i) =>
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
      inline.type === 'break' ? <br key={i} /> : inline.text,
    );
  }
  const drawn: ReactNode[] = [];
  let from = 0;
  while (from < inlines.length) {
    const value = wrapper.key(inlines[from] as Inline);
    let to = from + 1;
    while (to < inlines.length && wrapper.key(inlines[to] as Inline) === value) to += 1;
    const children = drawInlines(inlines.slice(from, to), level + 1);
    drawn.push(
      value === null || value === false ? (
        <Fragment key={from}>{children}</Fragment>
      ) : (
        wrapper.wrap(children, value, from)
      ),
    );
    from = to;
  }
  return drawn;
}

/**
 * Blocks as elements. `timing` names the first block's text for the browser's element
 * timing (the paint of the first card, as `npm run bench:web` measures it): the browser
 * times a text by the block it sits in, so the name goes on that block, not on the card.
 */
function drawBlocks(blocks: readonly PreviewBlock[], timing?: string): ReactNode[] {
  return blocks.map((block, i) => {
    const timed = i === 0 ? timing : undefined;
    if (block.type === 'paragraph') {
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text, in order
        <p key={i} elementtiming={timed}>
          {drawInlines(block.inlines)}
        </p>
      );
    }
    const items = block.items.map((item, j) => {
      const itemTimed = j === 0 ? timed : undefined;
      const only = item.length === 1 ? item[0] : undefined;
      return only?.type === 'paragraph' ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items of one list, in order
        <li key={j} elementtiming={itemTimed}>
          {drawInlines(only.inlines)}
        </li>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items of one list, in order
        <li key={j}>{drawBlocks(item, itemTimed)}</li>
      );
    });
    // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text, in order
    return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
  });
}

export function QuestionCardText({
  html,
  terms,
  language = null,
}: {
  html: string;
  /** Words of the current search, marked in the text. */
  terms: readonly string[];
  /** The language it is written in, when known: its `lang` (and Arabic reads right to left). */
  language?: string | null;
}) {
  const blocks = useMemo(() => previewBlocks(parseHtml(html)), [html]);
  const marked = useMemo(() => highlightBlocks(blocks, terms), [blocks, terms]);
  return (
    <div className={styles.text} data-testid="excerpt" lang={language ?? undefined} dir="auto">
      {drawBlocks(marked, 'question-card')}
    </div>
  );
}
