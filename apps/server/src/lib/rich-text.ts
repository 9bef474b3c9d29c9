/**
 * Server-side sanitizing of question HTML to the editor's allowlist (shared with the web
 * app's DOMPurify configuration through the contract). Elements nest at most
 * `LIMITS.htmlNestingMax` deep: deeper markup is dropped and its text kept, so a question
 * of 6,600 nested `<b>` cannot make a reader (or a browser) recurse that deep.
 */
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  ALLOWED_URL_SCHEMES,
  LIMITS,
  LINK_REL,
} from '@dating/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Characters a URL reader may skip: Unicode's White_Space and Default_Ignorable_Code_Point
 * sets (no-break and ideographic spaces, U+2028, zero-width spaces and joiners, U+180E,
 * bidi controls...) and control characters. Browsers skip only ASCII ones before a scheme,
 * so `\u00a0javascript:` is a harmless relative link to them; other clients of the API may
 * skip more, and read a script there.
 */
const SKIPPABLE = '\\p{White_Space}\\p{Default_Ignorable_Code_Point}\\p{Cc}';
const SKIPPABLE_ANYWHERE = new RegExp(`[${SKIPPABLE}]`, 'gu');
const SKIPPABLE_CHARACTER = new RegExp(`^[${SKIPPABLE}]$`, 'u');
const SCHEME = /^([a-z][a-z0-9+.-]*):/;
const ALLOWED_SCHEMES = new Set<string>(ALLOWED_URL_SCHEMES);

/**
 * A link's href with skippable characters trimmed from its ends, or undefined (no href)
 * when, read with every skippable character gone and full-width forms folded (NFKC), it
 * names a scheme outside the allowlist or is protocol-relative: however a client reads it,
 * it cannot find a script there.
 */
export function cleanHref(href: string): string | undefined {
  // Trimmed character by character: a regular expression anchored at the end would
  // backtrack over a long run of such characters.
  const characters = [...href];
  let start = 0;
  let end = characters.length;
  while (start < end && SKIPPABLE_CHARACTER.test(characters[start] as string)) start += 1;
  while (end > start && SKIPPABLE_CHARACTER.test(characters[end - 1] as string)) end -= 1;
  const trimmed = characters.slice(start, end).join('');
  const bare = trimmed.normalize('NFKC').replace(SKIPPABLE_ANYWHERE, '').toLowerCase();
  const scheme = SCHEME.exec(bare)?.[1];
  if (scheme !== undefined) return ALLOWED_SCHEMES.has(scheme) ? trimmed : undefined;
  return /^[/\\]{2}/.test(bare) ? undefined : trimmed;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  // rel is allowed only because transformTags below overwrites it: it is
  // always ours, never the author's.
  allowedAttributes: { a: [...ALLOWED_ATTRIBUTES.a, 'rel'] },
  allowedSchemes: [...ALLOWED_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Drop the contents of elements that are never text, rather than unwrapping them.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'svg',
    'math',
    'object',
    'embed',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
  disallowedTagsMode: 'discard',
  nestingLimit: LIMITS.htmlNestingMax,
  transformTags: {
    a: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      for (const [name, value] of Object.entries(attribs)) {
        const clean = name === 'href' ? cleanHref(value) : value;
        if (clean !== undefined) kept[name] = clean;
      }
      return { tagName, attribs: { ...kept, rel: LINK_REL } };
    },
  },
};

export function sanitizeQuestionHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const BLOCK_END = /<\/(p|h1|h2|li|ol|ul)>|<br\s*\/?>/gi;
const TAG = /<[^>]*>/g;

/**
 * The readable text of sanitized HTML (`sanitizeQuestionHtml`'s): what search indexes and
 * the "empty" rule checks. Sanitized markup has `<` and `>` only around its tags (the
 * sanitizer escapes them in text and attribute values), so taking out what lies between
 * them leaves exactly its text, as a second pass of the sanitizer with no tag allowed did,
 * for a tenth of a post's work (rich-text.property.test.ts holds the two equal).
 */
export function htmlToPlainText(html: string): string {
  const text = html.replace(BLOCK_END, (m) => `${m} `).replace(TAG, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower] ?? whole;
    const code = lower.startsWith('#x')
      ? Number.parseInt(lower.slice(2), 16)
      : lower.startsWith('#')
        ? Number.parseInt(lower.slice(1), 10)
        : Number.NaN;
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : whole;
  });
}
