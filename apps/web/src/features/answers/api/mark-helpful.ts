import type { Answer } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * "This helped": the asker marks (or, `helpful: false`, unmarks) a reply. Idempotent. The
 * button shows the press at once (hooks/use-optimistic-toggle.ts); the question is read again
 * before the call ends, so the button then shows what the server holds.
 */
export const markHelpful = async ({
  id,
  helpful,
}: {
  id: number;
  questionId: number;
  helpful: boolean;
}) =>
  (
    await api.request<Answer>(helpful ? 'POST' : 'DELETE', `/api/answers/${id}/helpful/`, {
      body: {},
    })
  ).data;

export function useMarkHelpful() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markHelpful,
    onSuccess: async (_answer, { questionId }) => {
      // The feed's cards show "Helped".
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionLists });
      await queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
    },
  });
}
