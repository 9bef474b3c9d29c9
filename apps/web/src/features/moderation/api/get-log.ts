import type { ModerationLogEntry } from '@dating/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, nextLink } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface LogPage {
  items: ModerationLogEntry[];
  /** The next page's address from the Link header, or null on the last page. */
  next: string | null;
}

/** The moderation log, newest first, a page at a time. */
export async function getLogPage(pageUrl: string | null): Promise<LogPage> {
  const response = await api.request<ModerationLogEntry[]>(
    'GET',
    pageUrl ?? '/api/moderation/log/',
  );
  return { items: response.data, next: nextLink(response.headers.get('Link')) };
}

export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: queryKeys.moderationLog,
    queryFn: ({ pageParam }) => getLogPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}
