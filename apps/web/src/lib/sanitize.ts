/**
 * Question HTML for display, through DOMPurify with the contract's allowlist (defence in
 * depth: the server sanitizes too). Kept apart from ./html.ts so that screens without a
 * question's own HTML never load DOMPurify: the feed's cards are drawn from a model of the
 * HTML as React elements (./html-preview.ts), not from markup.
 */
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
