/** `POST /api/my/claim/`: moves a private key's posts into the signed-in account. */
import type { ClaimResult } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const claimPosts = (key: string) =>
  api.post<ClaimResult>('/api/my/claim/', { session_id: key });

/** After a claim, My Content's lists (and any thread) show the posts as the account's. */
export function useClaimPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPosts,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.questions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers }),
        queryClient.invalidateQueries({ queryKey: queryKeys.anonymousPosts }),
      ]);
    },
  });
}
