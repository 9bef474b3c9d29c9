/**
 * Who is asking: one identity per request. A request with a valid bearer access token is
 * its user, and any session id it also carries is ignored, so nothing a signed-in visitor
 * does is ever stored with a session hash that would join the account to anonymous posts.
 * Otherwise it is the anonymous session it names (`session_id` in a body, else the
 * `X-Session-Id` header), which must be a strong id (contract: session-id.ts), or nobody.
 */
import { sessionIdProblem } from '@dating/contract';
import type { ActivityMacs, KeyActivity } from '../lib/activity-macs.ts';
import { fieldError } from '../lib/http-errors.ts';
import { hashSessionId } from '../lib/session-id.ts';

export interface AuthUser {
  id: number;
  username: string;
  /** An admin. */
  is_staff: boolean;
  /** A moderator (auth/roles.ts): appointed by an admin, reviews the queue. */
  is_moderator: boolean;
}

export interface Viewer {
  user: AuthUser | null;
  sessionId: string | null;
  sessionHash: Buffer | null;
  /** The key's MACs for its likes and reports (lib/activity-macs.ts); null without a key. */
  activity: KeyActivity | null;
}

/** Nobody: no account, no private key. What strangers see is what anyone else may see. */
export const STRANGER: Viewer = Object.freeze({
  user: null,
  sessionId: null,
  sessionHash: null,
  activity: null,
});

/** The author of a write: a user id, or else the hash of an anonymous session. */
/** The author of a write (an Owner of db/rows.ts), with a key's MACs for its likes and reports. */
export type Author =
  | { userId: number; sessionHash: null; activity: null }
  | { userId: null; sessionHash: Buffer; activity: KeyActivity };

const NOBODY = { sessionId: null, sessionHash: null, activity: null } as const;

/** A present session id that is malformed or weak: 400 `{"session_id": [...]}`. */
export function checkSessionId(candidate: unknown): string | null {
  if (candidate === undefined || candidate === '') return null;
  const problem = sessionIdProblem(candidate);
  if (problem !== null) throw fieldError('session_id', problem);
  return candidate as string;
}

/** A session id that must be there and strong: 400 `{"session_id": [...]}` otherwise. */
export function requireSessionId(candidate: unknown): string {
  const sessionId = checkSessionId(candidate);
  if (sessionId === null) throw fieldError('session_id', 'sessionInvalid');
  return sessionId;
}

export function viewerFrom(
  macs: ActivityMacs,
  user: AuthUser | null,
  header: unknown,
  bodySessionId?: unknown,
): Viewer {
  if (user) return { user, ...NOBODY };
  const sessionId = checkSessionId(bodySessionId ?? header);
  if (sessionId === null) return { user, ...NOBODY };
  const sessionHash = hashSessionId(sessionId);
  return { user, sessionId, sessionHash, activity: macs.forKeyHash(sessionHash) };
}

/** The author of a write; anonymous writers need a valid session id (400 otherwise). */
export function requireAuthor(viewer: Viewer): Author {
  if (viewer.user) return { userId: viewer.user.id, sessionHash: null, activity: null };
  if (viewer.sessionHash && viewer.activity) {
    return { userId: null, sessionHash: viewer.sessionHash, activity: viewer.activity };
  }
  throw fieldError('session_id', 'sessionInvalid');
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
