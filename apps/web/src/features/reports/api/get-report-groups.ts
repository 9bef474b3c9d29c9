import type { ReportGroup } from '@dating/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, nextLink } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The queue grouped per post: under `queryKeys.reports`, so invalidating the reports
 * refreshes it too (kept here, off the home route's first load).
 */
const REPORT_GROUPS_KEY = [...queryKeys.reports, 'groups'] as const;

export interface ReportGroupPage {
  items: ReportGroup[];
  next: string | null;
}

/** The queue grouped per post, worst first, a page at a time (Link header). */
export async function getReportGroupsPage(pageUrl: string | null): Promise<ReportGroupPage> {
  const response = await api.request<ReportGroup[]>('GET', pageUrl ?? '/api/reports/groups/');
  return { items: response.data, next: nextLink(response.headers.get('Link')) };
}

export function useReportGroups() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: REPORT_GROUPS_KEY,
      queryFn: ({ pageParam }) => getReportGroupsPage(pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next,
    }),
  );
}
