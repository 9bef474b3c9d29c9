/**
 * Silences (admins and moderators): the running ones, silencing the author of a post, and
 * lifting one. The server answers what a silence was made from, never whose.
 */
import type { Silence, SilenceBody } from '@dating/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useSilences() {
  return useQuery({
    queryKey: queryKeys.moderationSilences,
    queryFn: () => api.get<Silence[]>('/api/moderation/silences/'),
  });
}

/** After a change: the silences and the log are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.moderation });
}

export function useSilence() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SilenceBody) => api.post<Silence>('/api/moderation/silences/', body),
    onSettled: refresh,
  });
}

export function useLiftSilence() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/moderation/silences/${id}/`),
    onSettled: refresh,
  });
}
