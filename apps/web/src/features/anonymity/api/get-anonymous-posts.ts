/**
 * `GET /api/my/anonymous/`: the questions and replies of one private key, newest first,
 * for its holder only. Always called as that key alone (no bearer token), so the same call
 * serves a signed-out tab listing its own key and a signed-in user previewing a claim.
 */
import { type AnonymousPost, LIMITS } from '@dating/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api, nextLink } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface AnonymousPostPage {
  items: AnonymousPost[];
  /** The next page's address from the Link header, or null on the last page. */
  next: string | null;
}

export async function getAnonymousPostsPage(
  key: string,
  pageUrl: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<AnonymousPostPage> {
  const response = await api.request<AnonymousPost[]>('GET', pageUrl ?? '/api/my/anonymous/', {
    asAnonymous: key,
    ...(pageUrl ? {} : { query: { limit } }),
    ...(signal ? { signal } : {}),
  });
  return { items: response.data, next: nextLink(response.headers.get('Link')) };
}

/** A key's posts, a page at a time (My Content, signed out). */
export const anonymousPostsQueryOptions = (key: string, limit: number = LIMITS.pageSizeDefault) =>
  infiniteQueryOptions({
    queryKey: queryKeys.anonymousPostsOf(key, limit),
    queryFn: ({ pageParam, signal }) => getAnonymousPostsPage(key, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export function useAnonymousPosts(key: string) {
  return useInfiniteQuery(anonymousPostsQueryOptions(key));
}

/** Whether a key has any post (one item is enough to know). */
export function useKeyHasPosts(key: string | null) {
  return useQuery({
    queryKey: queryKeys.anonymousPostsOf(key ?? '', 1),
    queryFn: async ({ signal }) =>
      key === null ? false : (await getAnonymousPostsPage(key, null, 1, signal)).items.length > 0,
    enabled: key !== null,
  });
}

/** Reading every page of one key stops here (10,000 posts); `complete` says if it got all. */
const MAX_PAGES = 100;

export interface AllAnonymousPosts {
  posts: AnonymousPost[];
  complete: boolean;
}

/** Every post of a key, to show exactly what a claim will move. */
export async function getAllAnonymousPosts(
  key: string,
  signal?: AbortSignal,
): Promise<AllAnonymousPosts> {
  const posts: AnonymousPost[] = [];
  let next: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result: AnonymousPostPage = await getAnonymousPostsPage(
      key,
      next,
      LIMITS.pageSizeMax,
      signal,
    );
    posts.push(...result.items);
    next = result.next;
    if (next === null) return { posts, complete: true };
  }
  return { posts, complete: false };
}

export const allAnonymousPostsQueryOptions = (key: string) =>
  queryOptions({
    queryKey: [...queryKeys.anonymousPosts, key, 'all'] as const,
    queryFn: ({ signal }) => getAllAnonymousPosts(key, signal),
    // A preview of what will move is read afresh each time it is shown.
    staleTime: 0,
    gcTime: 0,
  });
