import type { AgeRange, Gender } from '@dating/contract';
import { AGE_RANGE_LABELS, GENDER_LABELS, TEXT } from './messages.ts';

export function postedBy(item: { gender: Gender; age_range: AgeRange }): string {
  return TEXT.postedBy(GENDER_LABELS[item.gender], AGE_RANGE_LABELS[item.age_range]);
}

/*
 * Times and dates as Intl's English formats write them ("5 minutes ago", "yesterday",
 * "Nov 1, 2026, 11:30 PM"), written out here: the first use of Intl in a page builds ICU's
 * data, about 10 ms of a phone's main thread while the first screen is being taken over, and
 * the server's drawing and the browser then write dates with one piece of code. A test holds
 * these equal to Intl's.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Unit = 'second' | 'minute' | 'hour' | 'day';

/** Intl.RelativeTimeFormat('en', { numeric: 'auto' }) for the values timeAgo gives it. */
function relative(value: number, unit: Unit): string {
  if (value === 0) return unit === 'second' ? 'now' : `this ${unit}`;
  if (unit === 'day' && Math.abs(value) === 1) return value < 0 ? 'yesterday' : 'tomorrow';
  const count = Math.abs(value);
  const amount = `${count} ${unit}${count === 1 ? '' : 's'}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}

/** A time's calendar fields, in the browser's time zone or in UTC. */
function fields(time: number, zone?: 'UTC') {
  const date = new Date(time);
  return zone === 'UTC'
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        hour: date.getUTCHours(),
        minute: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        hour: date.getHours(),
        minute: date.getMinutes(),
      };
}

/** "Nov 1, 2026": Intl's English medium date. */
export function formatDay(time: number, zone?: 'UTC'): string {
  const { year, month, day } = fields(time, zone);
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** "Nov 1, 2026, 11:30 PM": Intl's English medium date and short time. */
function dayAndTime(time: number, zone?: 'UTC'): string {
  const { hour, minute } = fields(time, zone);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')}`;
  return `${formatDay(time, zone)}, ${clock} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * "5 minutes ago" for recent times, a date otherwise: in the browser's time zone, or in UTC
 * for a screen the server draws (it does not know the visitor's zone).
 */
export function timeAgo(iso: string, now: number = Date.now(), zone?: 'UTC'): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relative(seconds, 'second');
  if (abs < 3600) return relative(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return relative(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86400) return relative(Math.round(seconds / 86400), 'day');
  return dayAndTime(then, zone);
}

export function formatDateTime(iso: string): string {
  const then = new Date(iso).getTime();
  return Number.isNaN(then) ? iso : dayAndTime(then);
}
