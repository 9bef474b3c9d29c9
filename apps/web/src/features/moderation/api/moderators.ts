/** Moderators (admins only): the list, appointing and removing one by username. */
import type { Moderator } from '@dating/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useModerators() {
  return useQuery({
    queryKey: queryKeys.moderators,
    queryFn: () => api.get<Moderator[]>('/api/moderation/moderators/'),
  });
}

export function useSetModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, on }: { username: string; on: boolean }) =>
      (
        await api.request<Moderator>(on ? 'POST' : 'DELETE', '/api/moderation/moderators/', {
          body: { username },
        })
      ).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.moderation }),
  });
}
