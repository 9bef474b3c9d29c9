/**
 * Who is looking: the signed-in user from `GET /api/user/status/` (spec §4: unknown, then
 * authenticated or anonymous) and this tab's anonymous session id.
 */
import type { OwnSilence, UserStatus } from '@dating/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { api } from './api-client.ts';
import type { Viewer } from './ownership.ts';
import { queryKeys } from './query-keys.ts';
import { getSessionId, onSessionIdChange, peekSessionId } from './storage.ts';

export const getUserStatus = () => api.get<UserStatus>('/api/user/status/');

export const userStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.userStatus,
    queryFn: getUserStatus,
    staleTime: 5 * 60_000,
  });

export interface CurrentViewer extends Viewer {
  /** True until the authentication check ends. */
  loading: boolean;
  username: string | null;
  /** An admin. */
  isStaff: boolean;
  /** An admin or a moderator: sees the moderation screens (what a moderator may do). */
  canModerate: boolean;
  signedIn: boolean;
  /** The viewer's own silence (their account, or this tab's key), or null. */
  silenced: OwnSilence | null;
}

/** Whom the server draws a first screen for: nobody, not yet known to be nobody. */
const STRANGER: CurrentViewer = {
  loading: true,
  userId: null,
  username: null,
  isStaff: false,
  canModerate: false,
  signedIn: false,
  silenced: null,
  sessionId: null,
};

export function useViewer(): CurrentViewer {
  const status = useQuery(userStatusQueryOptions());
  // A restored private key replaces the tab's session id: every viewer sees the new one.
  const tabKey = useSyncExternalStore(onSessionIdChange, peekSessionId, () => null);
  // While the browser takes over a screen the server drew, it must draw what the server
  // drew, for a stranger, whatever it has learnt meanwhile of who is looking: a part drawn
  // otherwise is a hydration mismatch, which React answers by drawing it again from scratch.
  // The viewer's own view comes once the page is the browser's.
  if (!useHydrated()) return STRANGER;
  const user = status.data?.is_authenticated ? status.data.user : null;
  return {
    loading: status.isPending,
    userId: user?.id ?? null,
    username: user?.username ?? null,
    isStaff: user?.is_staff ?? false,
    canModerate: (user?.is_staff ?? false) || (user?.is_moderator ?? false),
    signedIn: user !== null,
    silenced: status.data?.silenced ?? null,
    // One identity per request: signed in, nothing is sent or matched by the tab's session.
    sessionId: user === null ? (tabKey ?? getSessionId()) : null,
  };
}
