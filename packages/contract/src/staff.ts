/**
 * The staff roles and silences (issue 39), without schemas, for the server and the browser
 * alike (runtime.ts).
 */
import type { SiteLocale } from './site-locale.ts';

/** Who took a moderation action: an admin, or a moderator (admins appoint them). */
export const STAFF_ROLES = ['admin', 'moderator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const SILENCE_LIMITS = { daysMin: 1, daysMax: 365, reasonMin: 1, reasonMax: 500 } as const;

/** What a silence was made from: the post whose author it silences, or the account. */
export const SILENCE_SOURCES = ['question', 'answer', 'account'] as const;
export type SilenceSource = (typeof SILENCE_SOURCES)[number];

/**
 * "author of answer 12", "account 7": what a silence was made from, in the API's `made_from`
 * (in the request's language). The web app draws the same words from its own catalogue
 * (`modMadeFrom`, locales/moderation/) by `source_type` and `source_id`; a web test holds the
 * two alike.
 */
const SOURCE_TEXT: Readonly<Record<SiteLocale, Readonly<Record<SilenceSource, string>>>> = {
  en: {
    question: 'author of question {id}',
    answer: 'author of answer {id}',
    account: 'account {id}',
  },
  es: {
    question: 'quien escribió la pregunta n.º {id}',
    answer: 'quien escribió la respuesta n.º {id}',
    account: 'cuenta n.º {id}',
  },
  ar: {
    question: 'صاحب السؤال رقم {id}',
    answer: 'صاحب الردّ رقم {id}',
    account: 'الحساب رقم {id}',
  },
};

export function silenceSourceText(
  type: SilenceSource,
  id: number,
  language: SiteLocale = 'en',
): string {
  return SOURCE_TEXT[language][type].replace('{id}', String(id));
}

/** A silence's end as its refusal names it: "2026-12-14 02:00 UTC". */
export const silenceEnd = (until: Date): string =>
  `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The detail of a silenced write: "You cannot post until 2026-12-14 02:00 UTC: <reason>". */
export function silencedDetail(until: Date, reason: string): string {
  return `You cannot post until ${silenceEnd(until)}: ${reason}`;
}
