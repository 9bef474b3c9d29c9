/**
 * A question's HTML as a feed card shows it: paragraphs and lists of styled text, nothing
 * else. Bold, italic, underline, strike and links are kept; headings become bold paragraphs,
 * so that no heading of an author enters the page's outline; any other element only gives
 * its text. A link is kept only when its address is http, https or mailto.
 *
 * The result is a canonical model, not markup: text is a flat run of styles, so the same
 * text comes out whichever parser read the HTML and however it nested the elements (the
 * browser's and the server's parsers disagree on a few ill-formed nestings). Cards draw it
 * as React elements, so no markup of the author's ever reaches the page as markup.
 *
 * Only the start of a long question is kept: about as much as a clamped card shows.
 */
import { ALLOWED_URL_SCHEMES } from '@dating/contract';
import type { HtmlNode } from './html-tree-node.ts';
import { cutAtWord } from './text-cut.ts';

export interface TextStyle {
  strong: boolean;
  em: boolean;
  underline: boolean;
  strike: boolean;
  /** The link's address, or null outside a link. */
  href: string | null;
}

export type Inline =
  | {
      type: 'text';
      text: string;
      style: TextStyle;
      /** A word of the search. */
      mark: boolean;
    }
  | { type: 'break'; style: TextStyle };

export type PreviewBlock =
  | { type: 'paragraph'; inlines: Inline[] }
  | { type: 'list'; ordered: boolean; items: PreviewBlock[][] };

export interface PreviewLimits {
  /** Characters of text kept; a longer text is cut at a word and ends with an ellipsis. */
  maxChars: number;
  /** Lines (paragraphs, list items and line breaks) kept. */
  maxLines: number;
}

/**
 * A card shows six lines; one more is kept, so the clamp sees there is more and draws its
 * ellipsis. The characters are a little more than six lines hold on a wide screen.
 */
export const CARD_PREVIEW: PreviewLimits = { maxChars: 640, maxLines: 7 };

const PLAIN: TextStyle = { strong: false, em: false, underline: false, strike: false, href: null };
const SCHEMES = new Set<string>(ALLOWED_URL_SCHEMES.map((scheme) => `${scheme}:`));
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BLOCKS = new Set(['p', 'div', 'blockquote', 'pre', 'li']);

/**
 * The address a link keeps: only an absolute http, https or mailto one, checked as a
 * browser reads it (WHATWG URL, the same in Node and in browsers), so no script address.
 */
export function safeHref(href: string | null): string | null {
  if (href === null) return null;
  try {
    return SCHEMES.has(new URL(href).protocol) ? href : null;
  } catch {
    // Not an absolute address (a relative one, or none at all): no link.
    return null;
  }
}

interface Flow {
  blocks: PreviewBlock[];
  /** The paragraph being filled, until a block ends it. */
  paragraph: Inline[] | null;
}

interface Budget {
  chars: number;
  lines: number;
  done: boolean;
}

const newFlow = (): Flow => ({ blocks: [], paragraph: null });

function sameStyle(a: TextStyle, b: TextStyle): boolean {
  return (
    a.strong === b.strong &&
    a.em === b.em &&
    a.underline === b.underline &&
    a.strike === b.strike &&
    a.href === b.href
  );
}

function addText(raw: string, style: TextStyle, flow: Flow, budget: Budget): void {
  // As the page lays it out: every run of HTML white space is one space.
  let text = raw.replace(/[ \t\n\f\r]+/g, ' ');
  if (flow.paragraph === null && text.trim() === '') return;
  flow.paragraph ??= [];
  const previous = flow.paragraph.at(-1);
  const afterSpace =
    previous === undefined || previous.type === 'break' || previous.text.endsWith(' ');
  if (afterSpace) text = text.replace(/^ /, '');
  if (text === '') return;
  const length = [...text].length;
  if (length > budget.chars) {
    text = cutAtWord(text, budget.chars);
    budget.done = true;
  }
  budget.chars -= length;
  if (previous?.type === 'text' && !previous.mark && sameStyle(previous.style, style)) {
    previous.text += text;
  } else {
    flow.paragraph.push({ type: 'text', text, style, mark: false });
  }
}

const isBlank = (inline: Inline | undefined) =>
  inline !== undefined && (inline.type === 'break' || inline.text.trim() === '');

/** Ends the paragraph being filled: trimmed, and kept only when it has text. */
function endParagraph(flow: Flow, budget: Budget): void {
  const inlines = flow.paragraph;
  flow.paragraph = null;
  if (inlines === null) return;
  while (isBlank(inlines[0])) inlines.shift();
  while (isBlank(inlines.at(-1))) inlines.pop();
  const last = inlines.at(-1);
  if (last?.type === 'text') last.text = last.text.trimEnd();
  if (inlines.length === 0) return;
  flow.blocks.push({ type: 'paragraph', inlines });
  budget.lines -= 1 + inlines.filter((inline) => inline.type === 'break').length;
  if (budget.lines <= 0) budget.done = true;
}

function walkList(
  list: HtmlNode & { type: 'element' },
  style: TextStyle,
  flow: Flow,
  budget: Budget,
): void {
  endParagraph(flow, budget);
  const items: PreviewBlock[][] = [];
  // Content of the list outside any item is gathered into an item of its own.
  let loose: Flow | null = null;
  const endItem = (item: Flow) => {
    endParagraph(item, budget);
    if (item.blocks.length > 0) items.push(item.blocks);
  };
  for (const child of list.children) {
    if (budget.done) break;
    if (child.type === 'element' && child.name === 'li') {
      if (loose) endItem(loose);
      loose = null;
      const item = newFlow();
      walk(child.children, style, item, budget);
      endItem(item);
    } else {
      loose ??= newFlow();
      walk([child], style, loose, budget);
    }
  }
  if (loose) endItem(loose);
  if (items.length > 0) flow.blocks.push({ type: 'list', ordered: list.name === 'ol', items });
}

function walkBlock(children: HtmlNode[], style: TextStyle, flow: Flow, budget: Budget): void {
  endParagraph(flow, budget);
  walk(children, style, flow, budget);
  endParagraph(flow, budget);
}

function walk(nodes: readonly HtmlNode[], style: TextStyle, flow: Flow, budget: Budget): void {
  for (const node of nodes) {
    if (budget.done) return;
    if (node.type === 'text') {
      addText(node.text, style, flow, budget);
      continue;
    }
    const { name, children } = node;
    if (name === 'br') {
      flow.paragraph ??= [];
      flow.paragraph.push({ type: 'break', style });
    } else if (name === 'ul' || name === 'ol') {
      walkList(node, style, flow, budget);
    } else if (HEADINGS.has(name)) {
      walkBlock(children, { ...style, strong: true }, flow, budget);
    } else if (BLOCKS.has(name)) {
      walkBlock(children, style, flow, budget);
    } else if (name === 'strong' || name === 'b') {
      walk(children, { ...style, strong: true }, flow, budget);
    } else if (name === 'em' || name === 'i') {
      walk(children, { ...style, em: true }, flow, budget);
    } else if (name === 'u') {
      walk(children, { ...style, underline: true }, flow, budget);
    } else if (name === 's' || name === 'strike') {
      walk(children, { ...style, strike: true }, flow, budget);
    } else if (name === 'a') {
      walk(children, { ...style, href: safeHref(node.href) }, flow, budget);
    } else {
      walk(children, style, flow, budget);
    }
  }
}

/** The blocks a card shows of the HTML read into `nodes`, within `limits`. */
export function previewBlocks(
  nodes: readonly HtmlNode[],
  limits: PreviewLimits = CARD_PREVIEW,
): PreviewBlock[] {
  const flow = newFlow();
  const budget: Budget = { chars: limits.maxChars, lines: limits.maxLines, done: false };
  walk(nodes, PLAIN, flow, budget);
  endParagraph(flow, budget);
  return flow.blocks;
}
