/**
 * Question HTML as plain text: for checks (blank?), titles, excerpts and the owner's edit.
 * Only text is taken from a parsed, inert document (./html-text.ts), so no markup from a
 * question ever reaches the page through these.
 */
import { textOfHtml } from './html-text.ts';
import { cutAtWord } from './text-cut.ts';

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

/**
 * A short plain-text excerpt (My Content's list): the question's text with every block run
 * together (formatting and headings dropped), cut at a word to about `max` characters.
 */
export function excerpt(html: string, max: number): string {
  return cutAtWord(htmlToText(html).replace(/\s+/g, ' ').trim(), max);
}
