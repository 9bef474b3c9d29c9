/**
 * Opaque keyset cursors for paginated lists: where the next page starts, signed by the
 * server. A cursor is `base64url(JSON) "." base64url(HMAC-SHA256)` (128 bits of the MAC),
 * with its kind inside the MAC, under a key derived (HKDF) from the server secret: only
 * cursors this server (or another instance with the same secret) wrote are read, each as
 * its own kind. Anything else (tampered, truncated, another kind's, signed with a former
 * secret) is a 400 `{"cursor": ["Invalid cursor."]}`, and the fields of a good one are still
 * checked in full before any query sees them.
 *
 * Every cursor goes through `Cursors.encode` and `Cursors.parse`; a new kind of list adds
 * its kind to `CursorKind` and a typed pair of functions beside the ones below.
 *
 * - The feed (newest first): `{id}`, the last row's id.
 * - The feed's other sorts, each a kind of its own, so that a cursor of one sort is a 400
 *   in another: `unanswered` `{id}`; `top` `{score, id}`, the last row's score as the
 *   exact text of a PostgreSQL double; `active` `{at, id}`, its last activity in
 *   microseconds since the epoch.
 * - Search (ranked): results come in windows of the newest matches (see SEARCH_CANDIDATES);
 *   `{below?, rank, id}` continues a window after the last row's rank and id, `{below}`
 *   opens the next window of matches older than `below`. No `below`: the newest window.
 *   A search of unanswered questions only (`sort=unanswered`) is its own kind.
 * - A key's anonymous posts (questions and replies, newest first): `{at, type, id}`, the
 *   last post's time in microseconds, its type and id.
 * - The moderation log (newest first): `{log}`, the last entry's id.
 * - An inbox (newest first): `{at, id}`, the last notification's time in microseconds and id.
 * - The questions one follows (latest follow first), a kind of its own: `{at, id}`, the last
 *   follow's time in microseconds and id.
 * - A question's thread (lib/thread-pages.ts): `{q, p?, h?, id?, g?, a?}`, the question; the
 *   answer whose replies these are (none: the top level); after the top-level branch of
 *   this id (`h`: one holding a helped reply, which come first) or after the reply of this
 *   id (none: from the first); the perspective filter the thread is read with.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { AGE_RANGES, type AgeRange, GENDERS, type Gender, MAX_ID } from '@dating/contract';
import { fieldError } from './http-errors.ts';

export type CursorKind =
  | 'feed'
  | 'top'
  | 'unanswered'
  | 'active'
  | 'search'
  | 'search-unanswered'
  | 'posts'
  | 'log'
  | 'inbox'
  | 'follows'
  | 'thread';

/** Bytes of the MAC kept: forging one takes 2^128 tries. */
const MAC_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const invalid = () => fieldError('cursor', 'cursorInvalid');

export class Cursors {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    // A key of its own: a cursor's MAC says nothing about the token signing key.
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'cursor/v1', 32));
  }

  private mac(kind: CursorKind, payload: string): Buffer {
    return createHmac('sha256', this.key)
      .update(`${kind}.${payload}`)
      .digest()
      .subarray(0, MAC_BYTES);
  }

  /** A signed cursor of `kind` holding `value`. */
  encode(kind: CursorKind, value: Record<string, unknown>): string {
    const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${payload}.${this.mac(kind, payload).toString('base64url')}`;
  }

  /** The fields of a cursor this server signed as `kind`; a 400 for anything else. */
  parse(kind: CursorKind, raw: string): Record<string, unknown> {
    const dot = raw.lastIndexOf('.');
    const payload = raw.slice(0, dot);
    const signature = raw.slice(dot + 1);
    if (dot < 1 || !BASE64URL.test(payload) || !BASE64URL.test(signature)) throw invalid();
    // Compared as text: base64url has spare bits, so two texts can decode to one MAC.
    const given = Buffer.from(signature);
    const expected = Buffer.from(this.mac(kind, payload).toString('base64url'));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    try {
      const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // fall through to the 400 below
    }
    throw invalid();
  }
}

export interface FeedCursor {
  id: number;
}

export interface SearchCursor {
  /** The window: matches with ids below this; absent for the newest window. */
  below?: number;
  /** Within the window, after this row (its rank, a PostgreSQL real kept as exact text). */
  after?: { rank: string; id: number };
}

const isId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) <= MAX_ID;

/**
 * A rank as PostgreSQL writes a `real` (`0.0607927`, `6.07927e-05`, `1e-20`), and one
 * that `::real` reads back: zero, or between 1e-37 and 1e38 (a `real` reaches about 1.2e-38
 * and 3.4e38; ts_rank stays far inside).
 */
function isRank(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d{1,10})?(e[+-]\d{1,2})?$/.test(value)) {
    return false;
  }
  const number = Number(value);
  return number === 0 || (number >= 1e-37 && number <= 1e38);
}

/** The newest-first lists of the feed: every question, or the unanswered ones. */
export type IdSortKind = 'feed' | 'unanswered';

export function encodeFeedCursor(
  cursors: Cursors,
  cursor: FeedCursor,
  kind: IdSortKind = 'feed',
): string {
  return cursors.encode(kind, { id: cursor.id });
}

export function decodeFeedCursor(
  cursors: Cursors,
  raw: string,
  kind: IdSortKind = 'feed',
): FeedCursor {
  const { id } = cursors.parse(kind, raw);
  if (!isId(id)) throw invalid();
  return { id };
}

/** The `top` feed: after the row with this score (exact text of a double) and id. */
export interface TopCursor {
  score: string;
  id: number;
}

/**
 * A score as PostgreSQL writes a double (shortest exact form: `40123.456789012345`,
 * `4.0123e+04`), and one that `::double precision` reads back: zero, or between 1e-300 and
 * 1e300 either side of it. (JavaScript reads `1e-400` as 0 and `1e999` as Infinity, where
 * PostgreSQL refuses both as out of range.) Scores are about 40,000 and grow with time.
 */
function isScore(value: unknown): value is string {
  if (typeof value !== 'string' || !/^-?\d{1,20}(\.\d{1,20})?(e[+-]\d{1,3})?$/.test(value)) {
    return false;
  }
  const size = Math.abs(Number(value));
  const zero = /^-?[0.]+(e|$)/.test(value);
  return zero || (size >= 1e-300 && size <= 1e300);
}

export function encodeTopCursor(cursors: Cursors, cursor: TopCursor): string {
  return cursors.encode('top', { score: cursor.score, id: cursor.id });
}

export function decodeTopCursor(cursors: Cursors, raw: string): TopCursor {
  const { score, id, ...rest } = cursors.parse('top', raw);
  if (!isScore(score) || !isId(id) || Object.keys(rest).length > 0) throw invalid();
  return { score, id };
}

/** The `active` feed: after the row last active at `at` (microseconds) with this id. */
export interface ActiveCursor {
  at: number;
  id: number;
}

export function encodeActiveCursor(cursors: Cursors, cursor: ActiveCursor): string {
  return cursors.encode('active', { at: cursor.at, id: cursor.id });
}

export function decodeActiveCursor(cursors: Cursors, raw: string): ActiveCursor {
  const { at, id, ...rest } = cursors.parse('active', raw);
  if (!Number.isSafeInteger(at) || (at as number) < 0 || !isId(id)) throw invalid();
  if (Object.keys(rest).length > 0) throw invalid();
  return { at: at as number, id };
}

/** Searches of every question, or of the unanswered ones only. */
export type SearchKind = 'search' | 'search-unanswered';

export function encodeSearchCursor(
  cursors: Cursors,
  cursor: SearchCursor,
  kind: SearchKind = 'search',
): string {
  return cursors.encode(kind, {
    ...(cursor.below === undefined ? {} : { below: cursor.below }),
    ...(cursor.after === undefined ? {} : cursor.after),
  });
}

export function decodeSearchCursor(
  cursors: Cursors,
  raw: string,
  kind: SearchKind = 'search',
): SearchCursor {
  const { id, rank, below } = cursors.parse(kind, raw);
  if (below !== undefined && !isId(below)) throw invalid();
  if ((id === undefined) !== (rank === undefined)) throw invalid();
  if (id === undefined && below === undefined) throw invalid();
  if (id !== undefined && !(isId(id) && isRank(rank))) throw invalid();
  return {
    ...(below === undefined ? {} : { below: below as number }),
    ...(id === undefined ? {} : { after: { rank: rank as string, id: id as number } }),
  };
}

export interface PostCursor {
  /** Microseconds since the epoch: PostgreSQL's timestamp precision. */
  at: number;
  type: 'question' | 'answer';
  id: number;
}

export function encodePostCursor(cursors: Cursors, cursor: PostCursor): string {
  return cursors.encode('posts', { at: cursor.at, type: cursor.type, id: cursor.id });
}

export function decodePostCursor(cursors: Cursors, raw: string): PostCursor {
  const { at, type, id } = cursors.parse('posts', raw);
  if (!Number.isSafeInteger(at) || (at as number) < 0) throw invalid();
  if ((type !== 'question' && type !== 'answer') || !isId(id)) throw invalid();
  return { at: at as number, type, id };
}

export interface LogCursor {
  /** The id of the last entry shown: the next page has older ones. */
  before: number;
}

export function encodeLogCursor(cursors: Cursors, cursor: LogCursor): string {
  return cursors.encode('log', { log: cursor.before });
}

export function decodeLogCursor(cursors: Cursors, raw: string): LogCursor {
  const { log, ...rest } = cursors.parse('log', raw);
  if (!isId(log) || Object.keys(rest).length > 0) throw invalid();
  return { before: log };
}

/** An inbox (or one's follows), newest first: after the row of this time (microseconds) and id. */
export interface InboxCursor {
  at: number;
  id: number;
}

/** The newest-first lists paged by a row's time and id: an inbox, one's follows. */
export type TimeListKind = 'inbox' | 'follows';

export function encodeInboxCursor(
  cursors: Cursors,
  cursor: InboxCursor,
  kind: TimeListKind = 'inbox',
): string {
  return cursors.encode(kind, { at: cursor.at, id: cursor.id });
}

export function decodeInboxCursor(
  cursors: Cursors,
  raw: string,
  kind: TimeListKind = 'inbox',
): InboxCursor {
  const { at, id, ...rest } = cursors.parse(kind, raw);
  if (!Number.isSafeInteger(at) || (at as number) < 0 || !isId(id)) throw invalid();
  if (Object.keys(rest).length > 0) throw invalid();
  return { at: at as number, id };
}

/** Where a page of a question's thread starts (lib/thread-pages.ts). */
export interface ThreadCursor {
  question: number;
  /** The answer whose replies the page lists; null: the thread's top level. */
  parent: number | null;
  /** After this answer (a top-level one: with its group); null: from the first. */
  after: { id: number; helped: boolean } | null;
  gender?: Gender;
  ageRange?: AgeRange;
}

export function encodeThreadCursor(cursors: Cursors, cursor: ThreadCursor): string {
  return cursors.encode('thread', {
    q: cursor.question,
    ...(cursor.parent === null ? {} : { p: cursor.parent }),
    ...(cursor.after === null ? {} : { id: cursor.after.id }),
    ...(cursor.after?.helped ? { h: 1 } : {}),
    ...(cursor.gender === undefined ? {} : { g: cursor.gender }),
    ...(cursor.ageRange === undefined ? {} : { a: cursor.ageRange }),
  });
}

export function decodeThreadCursor(cursors: Cursors, raw: string): ThreadCursor {
  const { q, p, id, h, g, a, ...rest } = cursors.parse('thread', raw);
  if (!isId(q) || Object.keys(rest).length > 0) throw invalid();
  if ((p !== undefined && !isId(p)) || (id !== undefined && !isId(id))) throw invalid();
  if (h !== undefined && (h !== 1 || id === undefined || p !== undefined)) throw invalid();
  if (p === undefined && id === undefined) throw invalid();
  if (g !== undefined && !(GENDERS as readonly unknown[]).includes(g)) throw invalid();
  if (a !== undefined && !(AGE_RANGES as readonly unknown[]).includes(a)) throw invalid();
  return {
    question: q,
    parent: p === undefined ? null : (p as number),
    after: id === undefined ? null : { id: id as number, helped: h === 1 },
    ...(g === undefined ? {} : { gender: g as Gender }),
    ...(a === undefined ? {} : { ageRange: a as AgeRange }),
  };
}
