import { ALLOWED_TAGS, LIMITS, LINK_REL } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { cleanHref, htmlToPlainText, sanitizeQuestionHtml } from './rich-text.ts';

const ALLOWED = new Set<string>(ALLOWED_TAGS);

function decodeAttribute(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Parses the sanitizer's output as markup and lists everything outside the allowlist:
 * a tag not in it, any attribute but href and our rel on links, an href whose scheme is
 * not http, https or mailto (once entities, whitespace and control characters are gone,
 * as a browser reads it), and any stray angle bracket that could open markup.
 */
function violations(html: string): string[] {
  const found: string[] = [];
  const tag = /<(\/?)([^\s/>]*)([^>]*)>/g;
  let rest = '';
  let last = 0;
  for (let m = tag.exec(html); m !== null; m = tag.exec(html)) {
    rest += html.slice(last, m.index);
    last = m.index + m[0].length;
    const [, closing, rawName = '', rawAttrs = ''] = m;
    const name = rawName.toLowerCase();
    if (!ALLOWED.has(name) || rawName !== name) found.push(`tag <${rawName}>`);
    const attrs = rawAttrs.replace(/\s*\/$/, '');
    if (closing && attrs.trim() !== '') found.push(`attributes on </${name}>`);
    const attr = /\s+([^\s=]+)="([^"]*)"/gy;
    let consumed = 0;
    for (let a = attr.exec(attrs); a !== null; a = attr.exec(attrs)) {
      consumed = attr.lastIndex;
      const [, attrName = '', value = ''] = a;
      if (name !== 'a' || (attrName !== 'href' && attrName !== 'rel')) {
        found.push(`${name}[${attrName}]`);
      } else if (attrName === 'rel' && value !== LINK_REL) {
        found.push(`rel="${value}"`);
      } else if (attrName === 'href') {
        // A browser ignores whitespace and control characters in a scheme.
        const href = [...decodeAttribute(value)]
          .filter((c) => {
            const code = c.codePointAt(0) ?? 0;
            return code > 0x20 && (code < 0x7f || code > 0x9f);
          })
          .join('');
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
        if (scheme !== undefined && !['http', 'https', 'mailto'].includes(scheme)) {
          found.push(`href="${value}"`);
        }
        if (href.startsWith('//') || href.startsWith('\\')) found.push(`href="${value}"`);
      }
    }
    if (attrs.slice(consumed).trim() !== '') found.push(`unparsed "${attrs.slice(consumed)}"`);
    if (name === 'a' && !closing && !/\srel="/.test(attrs)) found.push('a without rel');
  }
  rest += html.slice(last);
  if (/[<>]/.test(rest)) found.push(`stray bracket in "${rest}"`);
  return found;
}

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<p onclick="alert(1)">x</p>',
  '<p ONMOUSEOVER=alert(1)>x</p>',
  '<b onmouseover=alert(1)//>x</b>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&#10;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106&#0000097vascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBScript:msgbox(1)">x</a>',
  '<a href="//evil.example/">x</a>',
  '<a href="file:///etc/passwd">x</a>',
  '<a href="https://ok.example/" onclick="alert(1)" target="_blank" rel="opener">x</a>',
  '<a href="https://ok.example/" style="position:fixed">x</a>',
  '<a href=https://ok.example/?a=1&b="2">x</a>',
  '<a href="https://ok.example/"" onmouseover="alert(1)">x</a>',
  '<a/href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><maction actiontype="statusline#" xlink:href="javascript:alert(1)">x</maction></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<IMG SRC=javascript:alert(1)>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<form><button formaction=javascript:alert(1)>x</button></form>',
  '<p class="evil" id="login">x</p>',
  '<h1 id="x" class="y" title="z" dir="rtl" lang="en">x</h1>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<template><script>alert(1)</script></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<title><script>alert(1)</script></title>',
  '<xmp><script>alert(1)</script></xmp>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<?xml version="1.0"?><script>alert(1)</script>',
  '<div><p>nested <span>spans</span></p></div>',
  '<table><tr><td>cell</td></tr></table>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<p>unclosed <b>bold',
  '<ul><li onclick=x>one<li>two</ul>',
  '<a href="mailto:a@b.example?subject=<script>">mail</a>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<p>&#60;script&#62;alert(1)&#60;/script&#62;</p>',
];

describe('sanitizeQuestionHtml', () => {
  it.each(PAYLOADS)('keeps only the allowlist: %s', (payload) => {
    const out = sanitizeQuestionHtml(payload);
    expect(violations(out), out).toEqual([]);
    expect(out.toLowerCase()).not.toMatch(/<script|<img|<svg|<iframe|<style|\son\w+=/);
  });

  it('keeps the editor formatting intact', () => {
    const html =
      '<h1>Title</h1><h2>Sub</h2><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s> <strike>s</strike><br></p><ol><li>one</li></ol><ul><li>two</li></ul>';
    expect(sanitizeQuestionHtml(html)).toBe(html.replace('<br>', '<br />'));
    expect(violations(sanitizeQuestionHtml(html))).toEqual([]);
  });

  it('keeps http, https and mailto links, and sets our rel on every link', () => {
    for (const href of [
      'http://a.example/',
      'https://a.example/x?y=1&amp;z=2',
      'mailto:a@b.example',
    ]) {
      expect(sanitizeQuestionHtml(`<a href="${href}" rel="opener" target="_blank">x</a>`)).toBe(
        `<a href="${href}" rel="${LINK_REL}">x</a>`,
      );
    }
  });

  it('drops dangerous links but keeps their text', () => {
    expect(sanitizeQuestionHtml('<a href="javascript:alert(1)">click</a>')).toBe(
      `<a rel="${LINK_REL}">click</a>`,
    );
    expect(sanitizeQuestionHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeQuestionHtml('<div>text <span>kept</span></div>')).toBe('text kept');
  });

  it('drops the contents of non-text elements, not only their tags', () => {
    for (const payload of [
      '<style>p{}</style>',
      '<svg><text>hidden</text></svg>',
      '<math><mi>x</mi></math>',
      '<iframe>frame</iframe>',
      '<noscript>nojs</noscript>',
      '<template>tpl</template>',
      '<textarea>ta</textarea>',
    ]) {
      expect(sanitizeQuestionHtml(`<p>keep</p>${payload}`), payload).toBe('<p>keep</p>');
    }
  });

  it('escapes text that looks like markup', () => {
    expect(sanitizeQuestionHtml('1 < 2 > 0 & "q"')).toBe('1 &lt; 2 &gt; 0 &amp; "q"');
  });

  it('is idempotent on its own output', () => {
    for (const payload of PAYLOADS) {
      const once = sanitizeQuestionHtml(payload);
      expect(sanitizeQuestionHtml(once), payload).toBe(once);
    }
  });

  it('finds violations in unsanitized markup (the checker itself works)', () => {
    expect(violations('<img src=x onerror=alert(1)>')).not.toEqual([]);
    expect(violations('<a href="java&#x09;script:alert(1)" rel="x">x</a>')).not.toEqual([]);
    expect(violations('<p class="x">y</p>')).not.toEqual([]);
    expect(violations(`<a href="https://a.example/">x</a>`)).toEqual(['a without rel']);
  });
});

describe('htmlToPlainText', () => {
  it('strips markup, keeping words of adjacent blocks apart', () => {
    expect(htmlToPlainText('<p>one</p><p>two</p>')).toBe('one two');
    expect(htmlToPlainText('<h1>T</h1><ul><li>a</li><li>b</li></ul>')).toBe('T a b');
    expect(htmlToPlainText('line<br>break<br/>again<br />end')).toBe('line break again end');
    expect(
      htmlToPlainText('<p><strong>bo</strong>ld <a href="https://x.example">link</a></p>'),
    ).toBe('bold link');
  });

  it('decodes entities and collapses whitespace', () => {
    expect(
      htmlToPlainText('<p>Tom &amp; Jerry &lt;3 &quot;hi&quot; &#39;x&#39; &#x41;&#66;</p>'),
    ).toBe('Tom & Jerry <3 "hi" \'x\' AB');
    expect(htmlToPlainText('<p>  a \n\t b&nbsp;&nbsp;c </p>')).toBe('a b c');
    expect(htmlToPlainText(sanitizeQuestionHtml('&bogus; &#xZZ;'))).toBe('&bogus; &#xZZ;');
  });

  it('never yields text PostgreSQL cannot store (NUL, lone surrogates)', () => {
    for (const html of [
      '&#0;',
      '&#xD800;',
      '&#xdfff;x',
      '&#55357;',
      '&#x110000;',
      '&amp;#xD800;',
    ]) {
      const text = htmlToPlainText(sanitizeQuestionHtml(`<p>${html}</p>`));
      expect(text.includes('\u0000'), html).toBe(false);
      expect(text.isWellFormed(), html).toBe(true);
    }
  });

  it('is empty for markup without text', () => {
    for (const html of ['', '<p></p>', '<p><br></p>', '<p> &nbsp; </p>', '<ul><li></li></ul>']) {
      expect(htmlToPlainText(html), html).toBe('');
    }
    expect(htmlToPlainText(sanitizeQuestionHtml('<script>alert(1)</script>'))).toBe('');
  });
});

/** How deeply elements nest in sanitized markup (void elements such as br do not count). */
function nestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>/g)) {
    if (name === 'br') continue;
    depth += closing ? -1 : 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

describe('nesting', () => {
  it(`drops markup nested deeper than ${LIMITS.htmlNestingMax} levels, keeping its text`, () => {
    const html = `<p>${'<b>'.repeat(6_600)}deep${'</b>'.repeat(6_600)} after</p>`;
    const out = sanitizeQuestionHtml(html);
    expect(nestingDepth(out)).toBe(LIMITS.htmlNestingMax);
    expect(htmlToPlainText(out)).toBe('deep after');
    expect(violations(out)).toEqual([]);
  });

  it('keeps markup up to the limit exactly as written', () => {
    const inner = LIMITS.htmlNestingMax - 1;
    const html = `<p>${'<em>'.repeat(inner)}x${'</em>'.repeat(inner)}</p>`;
    expect(sanitizeQuestionHtml(html)).toBe(html);
    // Lists as the editor nests them stay whole.
    const list =
      '<ul><li>a<ul><li>b<ol><li><strong><em><u>c</u></em></strong></li></ol></li></ul></li></ul>';
    expect(sanitizeQuestionHtml(list)).toBe(list);
  });

  it('counts elements it drops as well, so wrappers cannot hide depth', () => {
    const html = `${'<div>'.repeat(40)}<b>x</b>${'</div>'.repeat(40)}`;
    expect(sanitizeQuestionHtml(html)).toBe('x');
  });
});

/**
 * Unicode's White_Space set (PropList.txt) and Default_Ignorable_Code_Point set
 * (DerivedCoreProperties.txt), written out here rather than taken from the regular
 * expression engine the sanitizer itself uses.
 */
const WHITE_SPACE: [number, number][] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];
const DEFAULT_IGNORABLE: [number, number][] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];
const characters = (ranges: [number, number][]) =>
  ranges.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
  );

/** The href of the first link in sanitized markup, decoded; undefined when it has none. */
function hrefOf(html: string): string | undefined {
  const value = /<a href="([^"]*)"/.exec(html)?.[1];
  return value === undefined ? undefined : decodeAttribute(value);
}

describe('links behind invisible characters', () => {
  const everyCharacter = [...characters(WHITE_SPACE), ...characters(DEFAULT_IGNORABLE)];

  it('covers both sets, U+2028, U+00A0, U+180E, U+200B and U+3000 among them', () => {
    expect(everyCharacter.length).toBeGreaterThan(4_000);
    for (const c of ['\u2028', '\u00a0', '\u180e', '\u200b', '\u3000']) {
      expect(everyCharacter).toContain(c);
    }
  });

  it('drops a javascript: link behind any of them, however many and wherever', () => {
    for (const c of everyCharacter) {
      const label = `U+${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
      for (const href of [
        `${c}javascript:alert(1)`,
        `${c}${c}${c}JavaScript:alert(1)`,
        `java${c}script:alert(1)`,
        `javascript${c}:alert(1)`,
        `${c}//evil.example/`,
      ]) {
        const out = sanitizeQuestionHtml(`<a href="${href}">x</a>`);
        expect(hrefOf(out), `${label} ${JSON.stringify(href)}`).toBeUndefined();
        expect(out).toBe(`<a rel="${LINK_REL}">x</a>`);
      }
    }
  });

  it('keeps a good link behind them, without them', () => {
    for (const c of everyCharacter) {
      const out = sanitizeQuestionHtml(`<a href="${c}https://ok.example/${c}">x</a>`);
      expect(hrefOf(out), `U+${(c.codePointAt(0) ?? 0).toString(16)}`).toBe('https://ok.example/');
    }
  });

  it('reads full-width schemes as their ASCII forms', () => {
    expect(cleanHref('ｊａｖａｓｃｒｉｐｔ：alert(1)')).toBeUndefined();
    expect(cleanHref('\u00a0ｈｔｔｐｓ://ok.example/')).toBe('ｈｔｔｐｓ://ok.example/');
    expect(cleanHref('/relative/path')).toBe('/relative/path');
    expect(cleanHref('\u3000mailto:a@b.example')).toBe('mailto:a@b.example');
  });

  it('trims a long run of them in linear time', () => {
    const run = '\u200b'.repeat(20_000);
    expect(cleanHref(`${run}https://ok.example/${run}`)).toBe('https://ok.example/');
  });
});
