/**
 * Question HTML as plain text: for checks (blank?), titles, excerpts and the owner's edit.
 * Only text is taken from a parsed, inert document (./html-text.ts), so no markup from a
 * question ever reaches the page through these.
 */
import { textOfHtml } from './html-text.ts';

/** The readable text of some HTML, blocks separated by line breaks. */
export function htmlToText(html: string): string {
  return textOfHtml(html.replace(/<\/(p|h1|h2|li)>|<br\s*\/?>/gi, (m) => `${m}\n`))
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** True when nothing but markup and whitespace is left (spec §5). */
export function isBlankHtml(html: string): boolean {
  return htmlToText(html).trim() === '';
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Plain text back to HTML paragraphs (the owner's plain-text edit of a question). */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** How much of a question a feed card shows. */
export const EXCERPT_LENGTH = 280;

/**
 * A card's excerpt: the question's text with every block run together (formatting and
 * headings dropped), cut at a word boundary to about `max` characters with an ellipsis.
 */
export function excerpt(html: string, max: number = EXCERPT_LENGTH): string {
  const text = htmlToText(html).replace(/\s+/g, ' ').trim();
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  const body = space > max * 0.6 ? cut.slice(0, space) : cut;
  return `${body.replace(/[\s.,;:!?-]+$/, '')}…`;
}
