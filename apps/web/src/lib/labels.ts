import { AGE_RANGE_LABELS, type AgeRange, GENDER_LABELS, type Gender } from '@dating/contract';
import { TEXT } from './messages.ts';

export function postedBy(item: { gender: Gender; age_range: AgeRange }): string {
  return TEXT.postedBy(GENDER_LABELS[item.gender], AGE_RANGE_LABELS[item.age_range]);
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const absoluteUtc = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/**
 * "5 minutes ago" for recent times, a date otherwise: in the browser's time zone, or in UTC
 * for a screen the server draws (it does not know the visitor's zone).
 */
export function timeAgo(iso: string, now: number = Date.now(), zone?: 'UTC'): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relative.format(seconds, 'second');
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86400) return relative.format(Math.round(seconds / 86400), 'day');
  return (zone === 'UTC' ? absoluteUtc : absolute).format(then);
}

export function formatDateTime(iso: string): string {
  const then = new Date(iso).getTime();
  return Number.isNaN(then) ? iso : absolute.format(then);
}
