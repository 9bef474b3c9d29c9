/** Search highlighting on the client: which parts of a text the search's words match. */
import type { Inline, PreviewBlock } from './html-preview.ts';

export interface TextPart {
  text: string;
  match: boolean;
}

/** The words of a search, lower-cased, without duplicates or one-letter noise. */
export function searchTerms(search: string): string[] {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => [...w].length >= 2);
  return [...new Set(words)];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Splits `text` into parts, marking every word that starts with one of the terms (the
 * server's search matches word stems, so 'date' also finds 'dates' and 'dating').
 */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  if (terms.length === 0 || text === '') return [{ text, match: false }];
  const alternatives = [...terms]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})[\\p{L}\\p{N}]*`, 'giu');
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** A paragraph's inlines with the search's words marked, split where a mark starts or ends. */
function highlightInlines(inlines: readonly Inline[], terms: readonly string[]): Inline[] {
  // The paragraph's text as one string (a line break ends a word), so that a word split
  // between styles, as in '<b>da</b>te', is still found.
  const text = inlines.map((inline) => (inline.type === 'text' ? inline.text : '\n')).join('');
  const ranges: [number, number][] = [];
  let offset = 0;
  for (const part of highlightParts(text, terms)) {
    if (part.match) ranges.push([offset, offset + part.text.length]);
    offset += part.text.length;
  }
  if (ranges.length === 0) return [...inlines];
  const result: Inline[] = [];
  let start = 0;
  for (const inline of inlines) {
    if (inline.type === 'break') {
      result.push(inline);
      start += 1;
      continue;
    }
    const end = start + inline.text.length;
    // The inline's text, cut at every range's edge that falls inside it.
    const edges = new Set([start, end]);
    for (const [from, to] of ranges) {
      if (from > start && from < end) edges.add(from);
      if (to > start && to < end) edges.add(to);
    }
    const sorted = [...edges].sort((a, b) => a - b);
    for (let i = 0; i + 1 < sorted.length; i += 1) {
      const from = sorted[i] as number;
      const to = sorted[i + 1] as number;
      const mark = ranges.some(([a, b]) => a <= from && to <= b);
      result.push({ ...inline, text: inline.text.slice(from - start, to - start), mark });
    }
    start = end;
  }
  return result;
}

/** A card's blocks with the search's words marked (see highlightParts) inside the text. */
export function highlightBlocks(
  blocks: readonly PreviewBlock[],
  terms: readonly string[],
): PreviewBlock[] {
  if (terms.length === 0) return [...blocks];
  return blocks.map((block) =>
    block.type === 'paragraph'
      ? { type: 'paragraph', inlines: highlightInlines(block.inlines, terms) }
      : { ...block, items: block.items.map((item) => highlightBlocks(item, terms)) },
  );
}
