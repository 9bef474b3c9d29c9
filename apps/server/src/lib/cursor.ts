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
 * - Search (ranked): results come in windows of the newest matches (see SEARCH_CANDIDATES);
 *   `{below?, rank, id}` continues a window after the last row's rank and id, `{below}`
 *   opens the next window of matches older than `below`. No `below`: the newest window.
 * - A key's anonymous posts (questions and replies, newest first): `{at, type, id}`, the
 *   last post's time in microseconds, its type and id.
 * - The moderation log (newest first): `{log}`, the last entry's id.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { API_MSG } from '@dating/contract';
import { fieldError } from './http-errors.ts';

export type CursorKind = 'feed' | 'search' | 'posts' | 'log';

/** Bytes of the MAC kept: forging one takes 2^128 tries. */
const MAC_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const invalid = () => fieldError('cursor', API_MSG.cursorInvalid);

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

const MAX_ID = 2_147_483_647;
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

export function encodeFeedCursor(cursors: Cursors, cursor: FeedCursor): string {
  return cursors.encode('feed', { id: cursor.id });
}

export function decodeFeedCursor(cursors: Cursors, raw: string): FeedCursor {
  const { id } = cursors.parse('feed', raw);
  if (!isId(id)) throw invalid();
  return { id };
}

export function encodeSearchCursor(cursors: Cursors, cursor: SearchCursor): string {
  return cursors.encode('search', {
    ...(cursor.below === undefined ? {} : { below: cursor.below }),
    ...(cursor.after === undefined ? {} : cursor.after),
  });
}

export function decodeSearchCursor(cursors: Cursors, raw: string): SearchCursor {
  const { id, rank, below } = cursors.parse('search', raw);
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
