import type { ModerationSummary } from '@dating/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getModerationSummary = () => api.get<ModerationSummary>('/api/moderation/summary/');

export const moderationSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.moderationSummary,
    queryFn: getModerationSummary,
    staleTime: 30_000,
    refetchInterval: 120_000,
  });

/** The header's count of pending reports and the queue's health; asked only for admins and moderators (the server refuses others). */
export function useModerationSummary(enabled: boolean) {
  return useQuery({ ...moderationSummaryQueryOptions(), enabled });
}
