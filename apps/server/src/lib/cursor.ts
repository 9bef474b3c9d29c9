/**
 * Opaque keyset cursors for paginated lists: base64url JSON of where the next page starts.
 * They are not secrets; a tampered cursor only selects another page, and a malformed
 * one is a 400.
 *
 * - The feed (newest first): `{id}`, the last row's id.
 * - Search (ranked): results come in windows of the newest matches (see SEARCH_CANDIDATES);
 *   `{below?, rank, id}` continues a window after the last row's rank and id, `{below}`
 *   opens the next window of matches older than `below`. No `below`: the newest window.
 */
import { fieldError } from './http-errors.ts';

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
const isRank = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9.e+-]{1,32}$/i.test(value);

const invalid = () => fieldError('cursor', 'Invalid cursor.');

function parse(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // fall through to the 400 below
  }
  throw invalid();
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function encodeFeedCursor(cursor: FeedCursor): string {
  return encode({ id: cursor.id });
}

export function encodeSearchCursor(cursor: SearchCursor): string {
  return encode({
    ...(cursor.below === undefined ? {} : { below: cursor.below }),
    ...(cursor.after === undefined ? {} : cursor.after),
  });
}

export function decodeFeedCursor(raw: string): FeedCursor {
  const { id, rank, below } = parse(raw);
  if (!isId(id) || rank !== undefined || below !== undefined) throw invalid();
  return { id };
}

export function decodeSearchCursor(raw: string): SearchCursor {
  const { id, rank, below } = parse(raw);
  if (below !== undefined && !isId(below)) throw invalid();
  if ((id === undefined) !== (rank === undefined)) throw invalid();
  if (id === undefined && below === undefined) throw invalid();
  if (id !== undefined && !(isId(id) && isRank(rank))) throw invalid();
  return {
    ...(below === undefined ? {} : { below: below as number }),
    ...(id === undefined ? {} : { after: { rank: rank as string, id: id as number } }),
  };
}
