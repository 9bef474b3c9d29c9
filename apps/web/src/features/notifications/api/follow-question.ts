/** Following a question (`POST` / `DELETE /api/questions/{id}/follow/`): its news reach the inbox. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { patchCachedQuestion } from '../../../lib/question-cache.ts';

export const followQuestion = (id: number) => api.post<void>(`/api/questions/${id}/follow/`);
export const unfollowQuestion = (id: number) => api.delete(`/api/questions/${id}/follow/`);

/**
 * Follows or stops following. The button shows the press at once and drops it on failure
 * (hooks/use-optimistic-toggle.ts); this writes the new state to the cache before the call
 * ends, so the button keeps showing it.
 */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, follow }: { id: number; follow: boolean }) =>
      follow ? followQuestion(id) : unfollowQuestion(id),
    onSuccess: async (_result, { id, follow }) => {
      // My Content's list of follows is read again when next shown.
      void queryClient.invalidateQueries({ queryKey: queryKeys.following });
      await patchCachedQuestion(queryClient, id, (old) => ({ ...old, following: follow }));
    },
  });
}
