/**
 * The rich-text allowlist, shared by the server's sanitizer and the web app's DOMPurify
 * configuration, so the two can never drift apart. It matches the editor's toolbar:
 * headers 1 and 2, bold, italic, underline, strike, ordered and bullet lists, links.
 */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'ol',
  'ul',
  'li',
  'a',
] as const;

export const ALLOWED_ATTRIBUTES = { a: ['href'] } as const;
export const ALLOWED_URL_SCHEMES = ['http', 'https', 'mailto'] as const;
export const LINK_REL = 'nofollow noopener noreferrer ugc';
