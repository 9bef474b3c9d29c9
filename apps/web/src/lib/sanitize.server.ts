/**
 * ./sanitize.ts for the server's drawing of the first screen (src/entry-server.tsx), where
 * DOMPurify has no DOM to work with: the same allowlist from the contract, applied with
 * sanitize-html (as the API applies it to every question it stores). Put in place of
 * ./sanitize.ts by vite.config.ts. Hydration keeps the markup drawn here; the browser
 * sanitizes with DOMPurify whenever it draws the question itself.
 */
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, ALLOWED_URL_SCHEMES, LINK_REL } from '@dating/contract';
import sanitize from 'sanitize-html';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { a: [...ALLOWED_ATTRIBUTES.a] },
  allowedSchemes: [...ALLOWED_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }),
  },
};

/** Only the editor's elements, links with http, https or mailto addresses only. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
