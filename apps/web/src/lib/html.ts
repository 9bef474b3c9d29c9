/** Question HTML: sanitizing for display (defence in depth) and its plain text. */
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, ALLOWED_URL_SCHEMES, LINK_REL } from '@dating/contract';
import DOMPurify from 'dompurify';

const ALLOWED_URI = new RegExp(`^(?:${ALLOWED_URL_SCHEMES.join('|')}):`, 'i');

let hooked = false;
function purifier() {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A') node.setAttribute('rel', LINK_REL);
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Only the editor's elements, links with http, https or mailto addresses only. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
  });
}

/** The readable text of some HTML, blocks separated by line breaks. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(
    html.replace(/<\/(p|h1|h2|li)>|<br\s*\/?>/gi, (m) => `${m}\n`),
    'text/html',
  );
  return (doc.body.textContent ?? '')
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
