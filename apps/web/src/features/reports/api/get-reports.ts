import type { Report } from '@dating/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getReports = () => api.get<Report[]>('/api/reports/');

export const reportsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reports, queryFn: getReports });

export function useReports() {
  return useQuery(reportsQueryOptions());
}
