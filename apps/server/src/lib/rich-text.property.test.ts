/**
 * Property-based: whatever HTML an author sends, the sanitized result, parsed the way a
 * browser parses it, holds only the editor's allowlist.
 */
import { ALLOWED_TAGS, LINK_REL } from '@dating/contract';
import fc from 'fast-check';
import { Window } from 'happy-dom';
import sanitizeHtml from 'sanitize-html';
import { afterAll, describe, expect, it } from 'vitest';
import { htmlToPlainText, sanitizeQuestionHtml } from './rich-text.ts';

const window = new Window();
afterAll(() => window.close());

const ALLOWED = new Set<string>(ALLOWED_TAGS);
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Every way the sanitized HTML breaks the allowlist once a browser-like parser reads it. */
function violations(html: string): string[] {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (!ALLOWED.has(tag)) found.push(`tag <${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const { name } = attribute;
      const value = attribute.value ?? '';
      if (tag === 'a' && name === 'rel') {
        if (value !== LINK_REL) found.push(`rel="${value}"`);
      } else if (tag === 'a' && name === 'href') {
        // Resolved as the browser resolves it (tabs and newlines stripped, entities
        // decoded): a relative link lands on our own https origin.
        let protocol = 'invalid';
        try {
          protocol = new URL(value, 'https://site.example/q/1').protocol;
        } catch {
          // Not a URL at all: the browser would not follow it either.
          protocol = 'https:';
        }
        if (!SAFE_PROTOCOLS.has(protocol)) found.push(`href="${value}" (${protocol})`);
        if (/^\s*[/\\]{2}/.test(value)) found.push(`protocol-relative href="${value}"`);
      } else {
        found.push(`attribute ${name} on <${tag}>`);
      }
    }
  }
  return found;
}

const TAGS = [
  ...ALLOWED_TAGS,
  'script',
  'style',
  'img',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'noscript',
  'template',
  'title',
  'xmp',
  'noembed',
  'plaintext',
  'div',
  'span',
  'table',
  'td',
  'base',
  'meta',
  'link',
  'body',
  'html',
  'video',
  'source',
  'details',
  'annotation-xml',
  'mglyph',
  'foreignObject',
  'SCRIPT',
  'ScRiPt',
];
const ATTRIBUTES = [
  'href',
  'HREF',
  'rel',
  'src',
  'srcset',
  'style',
  'class',
  'id',
  'target',
  'onerror',
  'onclick',
  'onload',
  'onmouseover',
  'formaction',
  'action',
  'data',
  'xlink:href',
  'xmlns',
  'is',
  'srcdoc',
];
const URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java&#x09;script:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  '//evil.example/x',
  '\\\\evil.example/x',
  '/\\evil.example',
  'https://example.com/ok',
  'http://example.com/?a=1&b=2',
  'mailto:someone@example.com',
  'MAILTO:x@y',
  'ftp://example.com',
  'relative/path',
  '#fragment',
  '',
];

const text = fc.string({ maxLength: 12 });
const attributeValue = fc.oneof(fc.constantFrom(...URLS), text);
const quote = fc.constantFrom('"', "'", '');
const attribute = fc
  .tuple(fc.constantFrom(...ATTRIBUTES), quote, attributeValue)
  .map(([name, q, value]) => ` ${name}=${q}${value}${q}`);

/** Markup soup: well-formed and broken elements, comments, CDATA, entities, stray brackets. */
const fragment: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.constantFrom(
      '<',
      '>',
      '</',
      '/>',
      '"',
      "'",
      '=',
      '&',
      '&lt;',
      '&amp;',
      '&#60;',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '<!DOCTYPE html>',
      '<?xml?>',
      '\u0000',
      '\u2028',
    ),
    fc
      .tuple(
        fc.constantFrom(...TAGS),
        fc.array(attribute, { maxLength: 3 }),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.boolean(),
      )
      .map(
        ([tag, attrs, children, close]) =>
          `<${tag}${attrs.join('')}>${children.join('')}${close ? `</${tag}>` : ''}`,
      ),
  ),
})).node;

const html = fc.oneof(
  fc.array(fragment, { maxLength: 6 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
);

describe('sanitizeQuestionHtml (property-based)', () => {
  it('has a checker that sees what a browser would run', () => {
    expect(violations('<img src=x onerror=alert(1)>')).toEqual([
      'tag <img>',
      'attribute src on <img>',
      'attribute onerror on <img>',
    ]);
    expect(violations('<a href="java&#x09;script:alert(1)" rel="x">a</a>')).toHaveLength(2);
    expect(violations(`<p><a href="https://a.example" rel="${LINK_REL}">a</a></p>`)).toEqual([]);
  });

  it('never yields a tag, attribute or link outside the allowlist', () => {
    fc.assert(
      fc.property(html, (input) => {
        const output = sanitizeQuestionHtml(input);
        expect(violations(output), `input: ${JSON.stringify(input)}\noutput: ${output}`).toEqual(
          [],
        );
      }),
      { numRuns: 3_000 },
    );
  });

  it('stays within the allowlist when its output is sanitized and parsed again', () => {
    fc.assert(
      fc.property(html, (input) => {
        const once = sanitizeQuestionHtml(input);
        // What a browser would serialize back after parsing: mutation-XSS shows up here.
        const template = window.document.createElement('template');
        template.innerHTML = once;
        const reparsed = template.innerHTML;
        expect(violations(reparsed)).toEqual([]);
        expect(violations(sanitizeQuestionHtml(reparsed))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps allowed links, always with our rel', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('https://example.com/a', 'http://x.example/', 'mailto:a@b.example'),
        fc.string({ minLength: 1, maxLength: 10 }).filter((s) => /\w/.test(s)),
        (href, label) => {
          const output = sanitizeQuestionHtml(
            `<p><a href="${href}" rel="opener" target="_blank">${label.replace(/[<&>]/g, '')}</a></p>`,
          );
          const template = window.document.createElement('template');
          template.innerHTML = output;
          const link = template.content.querySelector('a');
          expect(link?.getAttribute('href')).toBe(href);
          expect(link?.getAttribute('rel')).toBe(LINK_REL);
          expect(link?.hasAttribute('target')).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('plain text of any input is what the sanitizer leaves when it keeps no tag at all', () => {
    // The reference: the sanitizer's own stripping, as htmlToPlainText once ran it.
    const reference = (clean: string) => {
      const spaced = clean.replace(/<\/(p|h1|h2|li|ol|ul)>|<br\s*\/?>/gi, (m) => `${m} `);
      const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
      return htmlToPlainText(text);
    };
    fc.assert(
      fc.property(html, (input) => {
        const clean = sanitizeQuestionHtml(input);
        expect(htmlToPlainText(clean)).toBe(reference(clean));
      }),
      { numRuns: 1_000 },
    );
  });

  it('plain text of any input never contains markup the allowlist would drop', () => {
    fc.assert(
      fc.property(html, (input) => {
        const plain = htmlToPlainText(sanitizeQuestionHtml(input));
        expect(plain).toBe(plain.trim());
        expect(plain).not.toMatch(/\s{2}/);
      }),
      { numRuns: 500 },
    );
  });
});
