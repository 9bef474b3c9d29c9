import type { Report } from '@dating/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, nextLink } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ReportPage {
  items: Report[];
  /** The next page's address from the Link header, or null on the last page. */
  next: string | null;
}

/** Pending reports, oldest first, a page at a time (the server pages them like the feed). */
export async function getReportsPage(pageUrl: string | null): Promise<ReportPage> {
  const response = await api.request<Report[]>('GET', pageUrl ?? '/api/reports/');
  return { items: response.data, next: nextLink(response.headers.get('Link')) };
}

export const reportsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.reports,
    queryFn: ({ pageParam }) => getReportsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export function useReports() {
  return useInfiniteQuery(reportsQueryOptions());
}
