import fc from 'fast-check';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatDateTime, formatDay, timeAgo } from './labels.ts';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-26T23:30:00Z');

  it('says how long ago, for the last week', () => {
    expect(timeAgo('2026-11-26T23:29:30Z', now)).toBe('30 seconds ago');
    expect(timeAgo('2026-11-26T21:30:00Z', now, 'UTC')).toBe('2 hours ago');
    expect(timeAgo('2026-11-25T23:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-11-26T23:30:00Z', now)).toBe('now');
  });

  it("dates older posts: in UTC for the server's drawing, whatever the browser's zone", () => {
    expect(timeAgo('2026-11-01T23:30:00Z', now, 'UTC')).toBe('Nov 1, 2026, 11:30 PM');
    expect(timeAgo('2026-01-09T00:05:00Z', now, 'UTC')).toBe('Jan 9, 2026, 12:05 AM');
    expect(timeAgo('2026-07-04T12:00:00Z', now, 'UTC')).toBe('Jul 4, 2026, 12:00 PM');
  });

  it.each(['America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'])(
    "writes what Intl's English formats write, in UTC and in the browser's zone (%s)",
    (tz) => {
      // Node reads the zone again whenever TZ changes.
      vi.stubEnv('TZ', tz);
      onTestFinished(() => {
        vi.unstubAllEnvs();
      });
      expect(new Date(Date.parse('2026-01-01T00:00:00Z')).getHours()).not.toBe(0);
      const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
      const intlDate = (zone?: string) =>
        new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
      const intlDay = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
      /** Intl's text for what timeAgo chose (its unit and value, or a date). */
      function byIntl(then: number, at: number, zone?: 'UTC'): string {
        const seconds = Math.round((then - at) / 1000);
        const abs = Math.abs(seconds);
        if (abs < 60) return relative.format(seconds, 'second');
        if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
        if (abs < 86400) return relative.format(Math.round(seconds / 3600), 'hour');
        if (abs < 7 * 86400) return relative.format(Math.round(seconds / 86400), 'day');
        return intlDate(zone).format(then);
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
          expect(timeAgo(iso, at, 'UTC')).toBe(byIntl(then, at, 'UTC'));
          expect(timeAgo(iso, at)).toBe(byIntl(then, at));
          expect(formatDay(then)).toBe(intlDay.format(then));
          expect(formatDateTime(iso)).toBe(intlDate().format(then));
        }),
        { numRuns: 1000 },
      );
    },
  );
});
