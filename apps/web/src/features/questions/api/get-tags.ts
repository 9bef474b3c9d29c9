import type { TagWithCount } from '@dating/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getTags = () => api.get<TagWithCount[]>('/api/tags/');

export const tagsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.tags, queryFn: getTags, staleTime: 60_000 });

export function useTags() {
  return useQuery(tagsQueryOptions());
}
