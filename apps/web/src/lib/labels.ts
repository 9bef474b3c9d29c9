import type { AgeRange, Gender, SiteLocale } from '@dating/contract';
import { activeLocale, intlLocale } from './i18n.ts';
import { AGE_RANGE_LABELS, GENDER_LABELS, TEXT } from './messages.ts';

export function postedBy(item: { gender: Gender; age_range: AgeRange }): string {
  return TEXT.postedBy(GENDER_LABELS[item.gender], AGE_RANGE_LABELS[item.age_range]);
}

/*
 * Times and dates, in the page's language, through Intl: "3 hours ago", "hace 3 horas",
 * "قبل 3 ساعات". Intl's first use in a page builds ICU's data, about 10 ms of a phone's main
 * thread, so the first screen (the server's drawing, and the browser's hydration of it, which
 * must write the same text) uses none: `drawnTimeAgo` and `drawnDay` below write it by hand.
 * The browser's own render right after the takeover (hooks/use-hydrated.ts) switches to Intl.
 */

// One formatter per language and kind, made on first use (making one is the costly part).
const formatters = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => F,
): F {
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as F;
}

const relativeFormat = (locale: SiteLocale) =>
  cached(
    `relative ${locale}`,
    () => new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' }),
  );
const dayFormat = (locale: SiteLocale) =>
  cached(
    `day ${locale}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }),
  );
const dayAndTimeFormat = (locale: SiteLocale) =>
  cached(
    `day-time ${locale}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }),
  );

type Unit = 'second' | 'minute' | 'hour' | 'day';

/**
 * How far `then` is from `now` in the unit a person would say it in, or null past a week,
 * when a date is clearer than "23 days ago".
 */
function distance(then: number, now: number): { value: number; unit: Unit } | null {
  const seconds = Math.round((then - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return { value: seconds, unit: 'second' };
  if (abs < 3600) return { value: Math.round(seconds / 60), unit: 'minute' };
  if (abs < 86400) return { value: Math.round(seconds / 3600), unit: 'hour' };
  if (abs < 7 * 86400) return { value: Math.round(seconds / 86400), unit: 'day' };
  return null;
}

/**
 * "5 minutes ago" for the last week, a date and time otherwise, in `locale` and the
 * browser's time zone (the server's, when it runs there).
 */
export function timeAgo(
  iso: string,
  now: number = Date.now(),
  locale: SiteLocale = activeLocale(),
): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const near = distance(then, now);
  return near === null
    ? dayAndTimeFormat(locale).format(then)
    : relativeFormat(locale).format(near.value, near.unit);
}

/** "Nov 1, 2026", "1 nov 2026": a day in `locale`, in the browser's time zone. */
export function formatDay(time: number, locale: SiteLocale = activeLocale()): string {
  return dayFormat(locale).format(time);
}

/** "Nov 1, 2026, 11:30 PM": a day and time in `locale`, in the browser's time zone. */
export function formatDateTime(iso: string, locale: SiteLocale = activeLocale()): string {
  const then = new Date(iso).getTime();
  return Number.isNaN(then) ? iso : dayAndTimeFormat(locale).format(then);
}

/*
 * The first screen's text, without Intl, in UTC (the server does not know the visitor's
 * zone): English as Intl's English writes it (a test holds them equal), so an English page
 * reads the same before and after the takeover; Spanish and Arabic as a plain day,
 * "26/11/2026" (day first, as both write it, Latin digits), replaced by Intl's words once the
 * page is the browser's.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Intl.RelativeTimeFormat('en', { numeric: 'auto' }) for the values `distance` gives. */
function englishRelative({ value, unit }: { value: number; unit: Unit }): string {
  if (value === 0) return unit === 'second' ? 'now' : `this ${unit}`;
  if (unit === 'day' && Math.abs(value) === 1) return value < 0 ? 'yesterday' : 'tomorrow';
  const count = Math.abs(value);
  const amount = `${count} ${unit}${count === 1 ? '' : 's'}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}

/** "Nov 1, 2026" (English) or "1/11/2026": the first screen's day, in UTC. */
export function drawnDay(time: number, locale: SiteLocale): string {
  const date = new Date(time);
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  return locale === 'en' ? `${MONTHS[month]} ${day}, ${year}` : `${day}/${month + 1}/${year}`;
}

/** "Nov 1, 2026, 11:30 PM": Intl's English medium date and short time, in UTC. */
function englishDayAndTime(time: number): string {
  const date = new Date(time);
  const [hour, minute] = [date.getUTCHours(), date.getUTCMinutes()];
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')}`;
  return `${drawnDay(time, 'en')}, ${clock} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The first screen's `timeAgo`, at the server's clock `now`: in English, what Intl writes
 * in UTC; in Spanish and Arabic, the plain day.
 */
export function drawnTimeAgo(iso: string, now: number, locale: SiteLocale): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  if (locale !== 'en') return drawnDay(then, locale);
  const near = distance(then, now);
  return near === null ? englishDayAndTime(then) : englishRelative(near);
}
