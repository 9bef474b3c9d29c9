/** The report queue's words: English as before, and plurals in Spanish and Arabic. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadLocale } from '../../../lib/i18n.ts';
import { MODERATION_CATALOGUE } from '../../../locales/moderation/index.ts';
import { QUEUE_TEXT } from './messages.ts';

beforeAll(async () => {
  await loadLocale('es');
  await loadLocale('ar');
  // The moderators' own catalogue, as their screens load it (router.tsx).
  await loadLocale('es', MODERATION_CATALOGUE);
  await loadLocale('ar', MODERATION_CATALOGUE);
});
afterEach(() => activateLocale('en'));

describe('QUEUE_TEXT', () => {
  it('reads English as before', () => {
    for (const n of [0, 1, 2, 1000]) {
      const reports = n === 1 ? '1 report' : `${n} reports`;
      expect(QUEUE_TEXT.reportCount(n)).toBe(reports);
      expect(QUEUE_TEXT.groupApproved(n)).toBe(`Content deleted; ${reports} closed.`);
      expect(QUEUE_TEXT.groupRejected(n)).toBe(`Content kept; ${reports} closed.`);
    }
    expect(QUEUE_TEXT.groupTitle('answer', null)).toBe('Reply');
    expect(QUEUE_TEXT.groupTitle('question', 4)).toBe('Question #4');
    expect(QUEUE_TEXT.priority('hidden')).toBe('Hidden by reports');
  });

  it('counts in Spanish: one and other', () => {
    activateLocale('es');
    expect(QUEUE_TEXT.reportCount(1)).toBe('1 denuncia');
    expect(QUEUE_TEXT.reportCount(5)).toBe('5 denuncias');
    expect(QUEUE_TEXT.groupRejected(2)).toBe('Contenido conservado; 2 denuncias cerradas.');
  });

  it('counts in Arabic: zero, one, two, few, many and other', () => {
    activateLocale('ar');
    expect([0, 1, 2, 3, 11, 100].map(QUEUE_TEXT.reportCount)).toEqual([
      'لا بلاغات',
      'بلاغ واحد',
      'بلاغان',
      '3 بلاغات',
      '11 بلاغًا',
      '100 بلاغ',
    ]);
  });
});
