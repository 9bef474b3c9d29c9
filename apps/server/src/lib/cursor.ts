/**
 * Opaque keyset cursors for paginated lists: base64url JSON of the last item's sort key.
 * They are not secrets; a tampered cursor only selects another page, and a malformed
 * one is a 400.
 */
import { fieldError } from './http-errors.ts';

export interface FeedCursor {
  id: number;
  /** The search rank (a PostgreSQL real, kept as its exact text), for ranked lists. */
  rank?: string;
}

export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(raw: string): FeedCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && 'id' in value) {
      const { id, rank } = value as { id: unknown; rank?: unknown };
      const idOk = Number.isInteger(id) && (id as number) > 0 && (id as number) <= 2_147_483_647;
      const rankOk =
        rank === undefined || (typeof rank === 'string' && /^[0-9.e+-]{1,32}$/i.test(rank));
      if (idOk && rankOk)
        return rank === undefined
          ? { id: id as number }
          : { id: id as number, rank: rank as string };
    }
  } catch {
    // fall through to the 400 below
  }
  throw fieldError('cursor', 'Invalid cursor.');
}
