/**
 * `GET /api/my/following/`: the questions the requester follows, the latest follow first,
 * a page at a time (the next in the Link header). An account's with its token; signed out,
 * the key's own (always sent as that key alone).
 */
import { type FollowedQuestion, LIMITS } from '@dating/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, nextLink } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface FollowingPage {
  items: FollowedQuestion[];
  /** The next page's address from the Link header, or null on the last page. */
  next: string | null;
}

/** Whose follows: the signed-in account, or a private key. */
export type Follower = { userId: number } | { key: string };

export async function getFollowingPage(
  who: Follower,
  pageUrl: string | null,
  signal?: AbortSignal,
): Promise<FollowingPage> {
  const response = await api.request<FollowedQuestion[]>('GET', pageUrl ?? '/api/my/following/', {
    ...('key' in who ? { asAnonymous: who.key } : {}),
    ...(pageUrl ? {} : { query: { limit: LIMITS.pageSizeDefault } }),
    ...(signal ? { signal } : {}),
  });
  return { items: response.data, next: nextLink(response.headers.get('Link')) };
}

export const followingQueryOptions = (who: Follower) =>
  infiniteQueryOptions({
    queryKey: queryKeys.followingOf('key' in who ? `k${who.key}` : `u${who.userId}`),
    queryFn: ({ pageParam, signal }) => getFollowingPage(who, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export function useFollowing(who: Follower) {
  return useInfiniteQuery(followingQueryOptions(who));
}
