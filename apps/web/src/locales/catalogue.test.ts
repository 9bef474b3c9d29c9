/**
 * The catalogues against their source: the same keys (checked by the type checker: the
 * @ts-expect-error lines below fail `npm run typecheck` if a wrong catalogue were accepted),
 * the same placeholders, and English exactly as the seed wrote it. The same for each domain's
 * catalogues (src/locales/<domain>/).
 */
import { describe, expect, it } from 'vitest';
import { activateLocale, loadLocale } from '../lib/i18n.ts';
import { KEY_TEXT } from '../lib/key-messages.ts';
import { OUTCOME_UI, TEXT } from '../lib/messages.ts';
import { countsText, DATA_TEXT } from '../lib/my-data-messages.ts';
import { sitePage } from '../lib/site-page-messages.ts';
import ar from './ar.ts';
import type { Catalogue, CatalogueOf } from './catalogue.ts';
import { DOMAIN_CATALOGUES } from './domains.ts';
import en from './en.ts';
import es from './es.ts';
import moderationAr from './moderation/ar.ts';
import moderationEn from './moderation/en.ts';
import moderationEs from './moderation/es.ts';
import myDataAr from './my-data/ar.ts';
import myDataEn from './my-data/en.ts';
import myDataEs from './my-data/es.ts';
import privateKeyAr from './private-key/ar.ts';
import privateKeyEn from './private-key/en.ts';
import privateKeyEs from './private-key/es.ts';
import sitePagesAr from './site-pages/ar.ts';
import sitePagesEn from './site-pages/en.ts';
import sitePagesEs from './site-pages/es.ts';

// A catalogue with a key English lacks does not type-check...
// @ts-expect-error: 'extraKey' does not exist in type 'Catalogue'
const withExtraKey = { ...es, extraKey: 'Sobra' } satisfies Catalogue;
// ...nor one without a key English has.
const { brand: _brand, ...withoutBrand } = es;
// @ts-expect-error: property 'brand' is missing
const withMissingKey: Catalogue = withoutBrand;

// The same for a domain's catalogue.
type PrivateKeyCatalogue = CatalogueOf<typeof privateKeyEn>;
// @ts-expect-error: 'extraKey' does not exist in type 'PrivateKeyCatalogue'
const domainWithExtraKey = { ...privateKeyEs, extraKey: 'Sobra' } satisfies PrivateKeyCatalogue;
const { done: _done, ...withoutDone } = privateKeyAr;
// @ts-expect-error: property 'done' is missing
const domainWithMissingKey: PrivateKeyCatalogue = withoutDone;

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
    expect(Object.keys(domainWithExtraKey)).toContain('extraKey');
    expect(Object.keys(domainWithMissingKey)).not.toContain('done');
  });

  const sources: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['main', en, es],
    ['main', en, ar],
    ['site-pages', sitePagesEn, sitePagesEs],
    ['site-pages', sitePagesEn, sitePagesAr],
    ['my-data', myDataEn, myDataEs],
    ['my-data', myDataEn, myDataAr],
    ['private-key', privateKeyEn, privateKeyAr],
    ['private-key', privateKeyEn, privateKeyEs],
    ['moderation', moderationEn, moderationEs],
    ['moderation', moderationEn, moderationAr],
  ];
  it.each(sources)(
    '%s: a translation has exactly the English keys and the same placeholders',
    (_name, source, catalogue) => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(source).sort());
      for (const key of Object.keys(source)) {
        expect([...placeholders(catalogue[key])].sort(), key).toEqual(
          [...placeholders(source[key])].sort(),
        );
      }
    },
  );

  it('lists every domain once, each under a name of its own', () => {
    const names = DOMAIN_CATALOGUES.map((catalogue) => catalogue.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('');
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

describe('counts', () => {
  it('read through Intl in Spanish and Arabic (Latin digits, Arabic grouping), English as the seed', async () => {
    await Promise.all(
      (['es', 'ar'] as const).flatMap((locale) => [
        loadLocale(locale),
        ...DOMAIN_CATALOGUES.map((catalogue) => loadLocale(locale, catalogue)),
      ]),
    );
    // Each kind of catalogue: the main one, a contract string's, a domain's; a plural's `#`,
    // a `{n, number}`, and a bare count (`count`: a reply's hearts, the badges).
    const read = (n: number) => [
      TEXT.replyCount(n),
      TEXT.resultCount(n, true),
      TEXT.tagCount(n, 5),
      OUTCOME_UI.updateCount(n),
      KEY_TEXT.move(n),
      TEXT.count(n),
    ];
    try {
      activateLocale('en');
      // English prints a count as it is, ungrouped: the specification's "1000 replies".
      expect(read(12345)).toEqual([
        '12345 replies',
        '12345+ results',
        '12345 of 5 tags',
        '12345 updates',
        'Move 12345 posts',
        '12345',
      ]);
      activateLocale('es');
      expect(read(12345)).toEqual([
        '12.345 respuestas',
        '12.345+ resultados',
        '12.345 de 5 etiquetas',
        '12.345 novedades',
        'Pasar 12.345 publicaciones',
        '12.345',
      ]);
      // Spanish groups from five digits on, as Intl writes it.
      expect(TEXT.replyCount(1000)).toBe('1000 respuestas');
      activateLocale('ar');
      // CLDR's Arabic in Latin digits groups with ',' (Arabic-Indic digits would use '٬').
      expect(new Intl.NumberFormat('ar-u-nu-latn').format(12345)).toBe('12,345');
      expect(read(12345)).toEqual([
        '12,345 ردًّا',
        '12,345+ نتيجة',
        '12,345 من 5 وسوم',
        '12,345 مستجدًا',
        'نقل 12,345 منشورًا',
        '12,345',
      ]);
      expect(TEXT.replyCount(3)).toBe('3 ردود');
    } finally {
      activateLocale('en');
    }
  });
});

describe('the domain catalogues', () => {
  it('read English word for word as before they were catalogues', () => {
    activateLocale('en');
    expect(sitePage('/about').title).toBe('About this site');
    const privacy = sitePage('/privacy').sections.flatMap((section) => section.paragraphs);
    expect(privacy).toContain(
      'Some things are kept only briefly: the note that makes a retried post count once (24 hours), a solved anti-spam challenge (30 minutes), and the counters that limit how often one can post, like or sign in, each for its own window of 5 seconds to 24 hours. The counters are named by a scrambled code that gives away no key, account or address.',
    );
    expect(privacy.some((p) => p.includes('scrambled codes for 30 days, so that'))).toBe(true);
    expect(privacy.some((p) => p.includes('Read ones are deleted 90 days after'))).toBe(true);
    expect(privacy.some((p) => p.includes('more than 10 minutes (while'))).toBe(true);
    expect(privacy.some((p) => p.includes('renewed, 7 days after its last use'))).toBe(true);
    expect(
      DATA_TEXT.erased({
        questions: 1,
        answers: 0,
        updates: 2,
        follows: 1,
        notifications: 0,
        devices: 1,
      }),
    ).toBe(
      'Erased 1 question, 0 replies, 2 updates, 1 follow, 0 notifications and 1 device. This tab has a new key.',
    );
    expect(KEY_TEXT.replyTo('Why?')).toBe('Reply to: Why?');
    // The old code's plurals, for counts 0 to 12,345.
    for (const n of [0, 1, 2, 5, 1000, 12345]) {
      expect(KEY_TEXT.move(n)).toBe(n === 1 ? 'Move 1 post' : `Move ${n} posts`);
      expect(KEY_TEXT.moved(n)).toBe(
        n === 1 ? 'Moved 1 post to your account.' : `Moved ${n} posts to your account.`,
      );
      for (const m of [0, 1, 3]) {
        if (n + m === 0) continue;
        const parts = [
          n === 0 ? null : n === 1 ? '1 question' : `${n} questions`,
          m === 0 ? null : m === 1 ? '1 reply' : `${m} replies`,
        ].filter((part) => part !== null);
        expect(KEY_TEXT.willMove(n, m)).toBe(
          `${n + m === 1 ? 'This post' : 'These posts'} will move: ${parts.join(' and ')}.`,
        );
      }
    }
  });

  it('read the active language, with its plural forms', async () => {
    await Promise.all(
      (['es', 'ar'] as const).flatMap((locale) => [
        loadLocale(locale),
        ...DOMAIN_CATALOGUES.map((catalogue) => loadLocale(locale, catalogue)),
      ]),
    );
    const counts = {
      questions: 2,
      answers: 1,
      updates: 0,
      follows: 11,
      notifications: 3,
      devices: 100,
    };
    try {
      activateLocale('es');
      expect(sitePage('/about').title).toBe('Sobre este sitio');
      expect(countsText(counts)).toBe(
        '2 preguntas, 1 respuesta, 0 novedades, 11 seguimientos, 3 notificaciones y 100 dispositivos',
      );
      expect(KEY_TEXT.willMove(1, 2)).toBe(
        'Se pasarán estas publicaciones: 1 pregunta y 2 respuestas.',
      );
      expect(KEY_TEXT.move(1)).toBe('Pasar 1 publicación');
      activateLocale('ar');
      expect(sitePage('/rules').title).toBe('القواعد');
      expect(countsText(counts)).toBe(
        'سؤالان، وردّ واحد، ولا تحديثات، و11 متابعة، و3 إشعارات، و100 جهاز',
      );
      expect(KEY_TEXT.willMove(0, 2)).toBe('سيُنقل هذان المنشوران: ردّان.');
      expect(KEY_TEXT.moved(5)).toBe('نُقلت 5 منشورات إلى حسابك.');
      expect(
        sitePage('/privacy')
          .sections.flatMap((s) => s.paragraphs)
          .some((p) => p.includes('بعد 90 يومًا من قراءتها')),
      ).toBe(true);
    } finally {
      activateLocale('en');
    }
  });
});
