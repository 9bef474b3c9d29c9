/** Search highlighting on the client: which parts of a text the search's words match. */

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
