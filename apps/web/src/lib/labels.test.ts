import type { SiteLocale } from '@dating/contract';
import fc from 'fast-check';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { activateLocale, intlLocale, loadLocale } from './i18n.ts';
import { drawnDay, drawnTimeAgo, formatDateTime, formatDay, timeAgo } from './labels.ts';

const now = Date.parse('2026-11-26T23:30:00Z');
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

/** Runs the test in the time zone `tz` (Node reads TZ again whenever it changes). */
function inZone(tz: string): void {
  vi.stubEnv('TZ', tz);
  onTestFinished(() => {
    vi.unstubAllEnvs();
  });
  expect(new Date(Date.parse('2026-01-01T00:00:00Z')).getHours()).not.toBe(0);
}

describe('timeAgo, after the takeover: Intl in the page language', () => {
  afterEach(() => activateLocale('en'));

  it('says how long ago in English, as the seed did', () => {
    expect(timeAgo('2026-11-26T23:29:30Z', now, 'en')).toBe('30 seconds ago');
    expect(timeAgo('2026-11-26T21:30:00Z', now, 'en')).toBe('2 hours ago');
    expect(timeAgo('2026-11-25T23:00:00Z', now, 'en')).toBe('yesterday');
    expect(timeAgo('2026-11-26T23:30:00Z', now, 'en')).toBe('now');
    expect(timeAgo('not a date', now, 'en')).toBe('');
  });

  it('in Spanish', () => {
    expect(timeAgo('2026-11-26T23:29:30Z', now, 'es')).toBe('hace 30 segundos');
    expect(timeAgo('2026-11-26T20:30:00Z', now, 'es')).toBe('hace 3 horas');
    expect(timeAgo('2026-11-25T23:00:00Z', now, 'es')).toBe('ayer');
    expect(timeAgo('2026-11-26T23:30:00Z', now, 'es')).toBe('ahora');
  });

  it('in Arabic, with Latin digits like the rest of the site', () => {
    expect(timeAgo('2026-11-26T20:30:00Z', now, 'ar')).toBe('قبل 3 ساعات');
    expect(timeAgo('2026-11-26T23:19:00Z', now, 'ar')).toBe('قبل 11 دقيقة');
    expect(timeAgo('2026-11-25T23:00:00Z', now, 'ar')).toBe('أمس');
    expect(timeAgo('2026-11-26T23:30:00Z', now, 'ar')).toBe('الآن');
    const old = timeAgo('2026-01-09T12:05:00Z', now, 'ar');
    expect(old).toContain('2026');
    expect(old).not.toMatch(ARABIC_INDIC_DIGITS);
    expect(formatDay(Date.parse('2026-01-09T12:00:00Z'), 'ar')).not.toMatch(ARABIC_INDIC_DIGITS);
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
  });

  it("dates what is older than a week, in the language and the browser's zone", () => {
    const then = Date.parse('2026-11-01T12:30:00Z');
    const intl = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(then);
    expect(timeAgo('2026-11-01T12:30:00Z', now, 'en')).toBe(intl('en'));
    expect(timeAgo('2026-11-01T12:30:00Z', now, 'en')).toMatch(/^Nov 1, 2026, \d+:\d\d [AP]M$/);
    expect(timeAgo('2026-11-01T12:30:00Z', now, 'es')).toBe(intl('es'));
    expect(timeAgo('2026-11-01T12:30:00Z', now, 'es')).toMatch(/^1 nov 2026, \d+:\d\d$/);
    expect(formatDay(then, 'es')).toBe('1 nov 2026');
    expect(formatDay(then, 'en')).toBe('Nov 1, 2026');
    expect(formatDateTime('2026-11-01T12:30:00Z', 'en')).toBe(intl('en'));
    expect(formatDateTime('bad', 'en')).toBe('bad');
  });

  it("follows the page's language when none is given", async () => {
    await loadLocale('es');
    activateLocale('es');
    expect(timeAgo('2026-11-26T21:30:00Z', now)).toBe('hace 2 horas');
    expect(formatDay(Date.parse('2026-11-01T12:00:00Z'))).toMatch(/nov 2026$/);
    await loadLocale('ar');
    activateLocale('ar');
    expect(timeAgo('2026-11-26T21:30:00Z', now)).toBe('قبل ساعتين');
  });
});

describe("the first screen's text, without Intl, in UTC", () => {
  it('English reads as after the takeover: relative times, then dates', () => {
    expect(drawnTimeAgo('2026-11-26T21:30:00Z', now, 'en')).toBe('2 hours ago');
    expect(drawnTimeAgo('2026-11-01T23:30:00Z', now, 'en')).toBe('Nov 1, 2026, 11:30 PM');
    expect(drawnTimeAgo('2026-01-09T00:05:00Z', now, 'en')).toBe('Jan 9, 2026, 12:05 AM');
    expect(drawnTimeAgo('2026-07-04T12:00:00Z', now, 'en')).toBe('Jul 4, 2026, 12:00 PM');
    expect(drawnDay(Date.parse('2026-11-26T23:30:00Z'), 'en')).toBe('Nov 26, 2026');
  });

  it('Spanish and Arabic show a plain day until Intl takes over', () => {
    for (const locale of ['es', 'ar'] as const) {
      expect(drawnTimeAgo('2026-11-26T21:30:00Z', now, locale)).toBe('26/11/2026');
      expect(drawnTimeAgo('2026-01-09T00:05:00Z', now, locale)).toBe('9/1/2026');
      expect(drawnTimeAgo('junk', now, locale)).toBe('');
    }
  });

  it.each(['America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'])(
    "writes what Intl writes in UTC, whatever the browser's zone (%s)",
    (tz) => {
      inZone(tz);
      const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
      const utc = { timeZone: 'UTC' } as const;
      const intlDate = new Intl.DateTimeFormat('en', {
        dateStyle: 'medium',
        timeStyle: 'short',
        ...utc,
      });
      const intlDay = new Intl.DateTimeFormat('en', { dateStyle: 'medium', ...utc });
      // The plain day is Spanish's numeric date; Arabic's is the same less its direction marks.
      const numericDay = (locale: SiteLocale) =>
        new Intl.DateTimeFormat(intlLocale(locale), {
          day: 'numeric',
          month: 'numeric',
          year: 'numeric',
          ...utc,
        });
      /** Intl's English for what the first screen chose (its unit and value, or a date). */
      function byIntl(then: number, at: number): string {
        const seconds = Math.round((then - at) / 1000);
        const abs = Math.abs(seconds);
        if (abs < 60) return relative.format(seconds, 'second');
        if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
        if (abs < 86400) return relative.format(Math.round(seconds / 3600), 'hour');
        if (abs < 7 * 86400) return relative.format(Math.round(seconds / 86400), 'day');
        return intlDate.format(then);
      }
      const times = fc.integer({ min: Date.parse('1990-01-01'), max: Date.parse('2090-01-01') });
      // Offsets from the last week's every unit, into the future too, and far dates.
      const offsets = fc.oneof(
        fc.integer({ min: -8 * 86400_000, max: 8 * 86400_000 }),
        fc.integer({ min: -3 * 365 * 86400_000, max: 3 * 365 * 86400_000 }),
      );
      fc.assert(
        fc.property(times, offsets, (at, offset) => {
          const then = at + offset;
          const iso = new Date(then).toISOString();
          expect(drawnTimeAgo(iso, at, 'en')).toBe(byIntl(then, at));
          expect(drawnDay(then, 'en')).toBe(intlDay.format(then));
          expect(drawnTimeAgo(iso, at, 'es')).toBe(numericDay('es').format(then));
          expect(drawnTimeAgo(iso, at, 'ar')).toBe(
            numericDay('ar').format(then).replaceAll('\u200f', ''),
          );
        }),
        { numRuns: 1000 },
      );
    },
  );
});
