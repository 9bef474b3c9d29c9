/**
 * Who is asking. A request may carry a bearer access token (a signed-in user), an
 * anonymous session id (`X-Session-Id` header, or `session_id` in a body), or both.
 */
import { API_MSG, isValidSessionId } from '@dating/contract';
import { fieldError } from '../lib/http-errors.ts';
import { hashSessionId } from '../lib/session-id.ts';

export interface AuthUser {
  id: number;
  username: string;
  is_staff: boolean;
}

export interface Viewer {
  user: AuthUser | null;
  sessionId: string | null;
  sessionHash: Buffer | null;
}

/** The author of a write: a user id, or else the hash of an anonymous session. */
export type Author = { userId: number; sessionHash: null } | { userId: null; sessionHash: Buffer };

export function viewerFrom(
  user: AuthUser | null,
  header: unknown,
  bodySessionId?: unknown,
): Viewer {
  const candidate = bodySessionId ?? header;
  const sessionId = isValidSessionId(candidate) ? candidate : null;
  return { user, sessionId, sessionHash: sessionId === null ? null : hashSessionId(sessionId) };
}

/** The author of a write; anonymous writers need a valid session id (400 otherwise). */
export function requireAuthor(viewer: Viewer): Author {
  if (viewer.user) return { userId: viewer.user.id, sessionHash: null };
  if (viewer.sessionHash) return { userId: null, sessionHash: viewer.sessionHash };
  throw fieldError('session_id', API_MSG.sessionInvalid);
}

/** Whether the viewer wrote a row, by user id or by anonymous session. */
export function isOwner(
  viewer: Viewer,
  row: { user_id: number | null; session_hash: Buffer | null },
): boolean {
  if (viewer.user && row.user_id === viewer.user.id) return true;
  return (
    viewer.sessionHash !== null &&
    row.session_hash !== null &&
    viewer.sessionHash.equals(row.session_hash)
  );
}
