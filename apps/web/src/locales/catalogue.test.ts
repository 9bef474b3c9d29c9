/**
 * The catalogues against their source: the same keys (checked by the type checker: the
 * @ts-expect-error lines below fail `npm run typecheck` if a wrong catalogue were accepted),
 * the same placeholders, and English exactly as the seed wrote it.
 */
import { describe, expect, it } from 'vitest';
import { activateLocale, loadLocale } from '../lib/i18n.ts';
import { TEXT } from '../lib/messages.ts';
import ar from './ar.ts';
import type { Catalogue } from './catalogue.ts';
import en from './en.ts';
import es from './es.ts';

// A catalogue with a key English lacks does not type-check...
// @ts-expect-error: 'extraKey' does not exist in type 'Catalogue'
const withExtraKey = { ...es, extraKey: 'Sobra' } satisfies Catalogue;
// ...nor one without a key English has.
const { brand: _brand, ...withoutBrand } = es;
// @ts-expect-error: property 'brand' is missing
const withMissingKey: Catalogue = withoutBrand;

/** The placeholder names of a compiled message (the catalogues are compiled at build time). */
function placeholders(message: unknown, found = new Set<string>()): Set<string> {
  if (!Array.isArray(message)) return found;
  for (const token of message) {
    if (!Array.isArray(token)) continue;
    const [name, , cases] = token as [string, string?, Record<string, unknown>?];
    found.add(name);
    for (const branch of Object.values(cases ?? {})) placeholders(branch, found);
  }
  return found;
}

describe('the catalogues', () => {
  it('are checked by the type checker (these objects exist only for it)', () => {
    expect(Object.keys(withExtraKey)).toContain('extraKey');
    expect(Object.keys(withMissingKey)).not.toContain('brand');
  });

  it.each([
    ['es', es],
    ['ar', ar],
  ])('%s has exactly the English keys and the same placeholders', (_locale, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof Catalogue)[]) {
      expect([...placeholders(catalogue[key])].sort(), key).toEqual(
        [...placeholders(en[key])].sort(),
      );
    }
  });
});

describe('TEXT', () => {
  it('reads English exactly as the seed wrote it', () => {
    activateLocale('en');
    expect(TEXT.brand).toBe('Dating Advice');
    expect(TEXT.unlikeFailed).toBe("Couldn't remove the like.");
    expect(TEXT.welcome('sam')).toBe('Welcome, sam!');
    for (const n of [0, 1, 2, 5, 1000, 12345]) {
      const s = (one: string, many: string) => (n === 1 ? one : many);
      expect(TEXT.replyCount(n)).toBe(s('1 reply', `${n} replies`));
      expect(TEXT.likeCount(n)).toBe(s('1 like', `${n} likes`));
      expect(TEXT.likeReply(n)).toBe(`Like this reply (${s('1 like', `${n} likes`)})`);
      expect(TEXT.pendingCount(n)).toBe(s(' pending report', ' pending reports'));
      expect(TEXT.showNMoreReplies(n)).toBe(s('Show 1 more reply', `Show ${n} more replies`));
      expect(TEXT.resultCount(n, false)).toBe(`${n} ${s('result', 'results')}`);
      expect(TEXT.resultCount(n, true)).toBe(`${n}+ results`);
      expect(TEXT.tagCount(n, 5)).toBe(`${n} of 5 tags`);
      expect(TEXT.replyLevel(n)).toBe(`Level ${n}`);
      expect(TEXT.reportNumber(n)).toBe(`Report #${n}`);
    }
    expect(TEXT.postedBy('Woman', '25-34')).toBe('Posted by: Woman, 25-34');
    expect(TEXT.removeTag('trust')).toBe('Remove tag trust');
    expect(TEXT.reportTitle('question')).toBe('Report question');
    expect(TEXT.reportTitle('answer')).toBe('Report answer');
    expect(TEXT.tagLimits(5, 30)).toBe('Up to 5 tags, 30 characters each.');
  });

  it('reads the active language, with its plural forms', async () => {
    await loadLocale('es');
    await loadLocale('ar');
    try {
      activateLocale('es');
      expect(TEXT.brand).toBe('Consejos para citas');
      expect(TEXT.replyCount(1)).toBe('1 respuesta');
      expect(TEXT.replyCount(1000)).toBe('1000 respuestas');
      expect(TEXT.resultCount(20, true)).toBe('20+ resultados');
      activateLocale('ar');
      expect(TEXT.replyCount(0)).toBe('لا ردود');
      expect(TEXT.replyCount(1)).toBe('ردّ واحد');
      expect(TEXT.replyCount(2)).toBe('ردّان');
      expect(TEXT.replyCount(3)).toBe('3 ردود');
      expect(TEXT.replyCount(11)).toBe('11 ردًّا');
      expect(TEXT.replyCount(100)).toBe('100 ردّ');
      expect(TEXT.reportTitle('answer')).toBe('الإبلاغ عن ردّ');
    } finally {
      activateLocale('en');
    }
  });
});
