import {
  ERROR_CODES,
  ERROR_MSG,
  type ErrorCatalogue,
  QUEUE_API_MSG,
  silencedDetail,
  WATCHED_MSG,
} from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_FILTER_INVALID } from '../../services/feed.ts';
import { FOLLOW_LIMIT_MSG } from '../../services/follows.ts';
import { MALFORMED_TEXT } from '../text-guard.ts';
import { AR } from './ar.ts';
import { CATALOGUES, identify, render, translate } from './catalogue.ts';
import { ES } from './es.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Texts that repeat another entry's: the earlier key (the one API_MSG names) is sent. */
const REPEATS: Record<string, string> = { helpfulHidden: 'hiddenReply' };

describe('error catalogues', () => {
  it('every English entry reads back to its own code (repeats to the first)', () => {
    for (const code of ERROR_CODES) {
      const text = ERROR_MSG[code].replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`);
      const expected = REPEATS[code] ?? code;
      expect(identify(text)?.code, code).toBe(expected);
    }
  });

  it('reads the server’s texts written elsewhere to their codes', () => {
    const cases: [string, string][] = [
      [FOLLOW_LIMIT_MSG, 'followLimit'],
      [LANGUAGE_FILTER_INVALID, 'languageFilterInvalid'],
      [WATCHED_MSG.blocked(42), 'watchedWordBlocked'],
      [WATCHED_MSG.duplicate, 'watchedWordDuplicate'],
      [QUEUE_API_MSG.notACrisisFlag, 'notACrisisFlag'],
      [QUEUE_API_MSG.noPendingReports, 'noPendingReports'],
      [MALFORMED_TEXT, 'textMalformed'],
    ];
    for (const [text, code] of cases) expect(identify(text)?.code, text).toBe(code);
  });

  it('takes the values out of a template and puts them into another language', () => {
    const detail = silencedDetail(new Date('2026-12-14T02:00:00Z'), 'Spam: links again.');
    const known = identify(detail);
    expect(known).toEqual({
      code: 'silenced',
      params: { until: '2026-12-14 02:00 UTC', reason: 'Spam: links again.' },
    });
    expect(render('silenced', known?.params ?? {}, 'es')).toBe(
      'No puedes publicar hasta el 2026-12-14 02:00 UTC: Spam: links again.',
    );
    expect(translate(WATCHED_MSG.blocked(7), 'ar', 'badRequest').text).toContain('(القاعدة 7.)');
  });

  it('leaves English as it was, and an unknown text to its fallback', () => {
    expect(translate('Something new.', 'en', 'badRequest')).toEqual({
      code: 'badRequest',
      text: 'Something new.',
    });
    expect(translate('Something new.', 'es', 'badRequest')).toEqual({
      code: 'badRequest',
      text: ES.badRequest,
    });
  });

  it('Spanish and Arabic carry the same placeholders as English, and say something', () => {
    for (const language of ['es', 'ar'] as const) {
      for (const code of ERROR_CODES) {
        const text = CATALOGUES[language][code];
        expect(placeholders(text), `${language} ${code}`).toEqual(placeholders(ERROR_MSG[code]));
        expect(text.trim(), `${language} ${code}`).not.toBe('');
      }
    }
    // Arabic is written in Arabic letters (codes and header names aside).
    for (const code of ERROR_CODES) expect(AR[code], code).toMatch(/[\u0600-\u06FF]/);
  });

  it('the type check refuses a catalogue with a key more or a key less', () => {
    const { notFound: _dropped, ...fewer } = ES;
    // @ts-expect-error a catalogue without notFound
    const missing: ErrorCatalogue = fewer;
    const extra = {
      ...ES,
      // @ts-expect-error a key the English catalogue does not have
      notInEnglish: 'No existe en inglés.',
    } satisfies ErrorCatalogue;
    expect(Object.keys(missing)).not.toContain('notFound');
    expect(Object.keys(extra)).toContain('notInEnglish');
  });
});
