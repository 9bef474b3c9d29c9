import type { QuestionUpdate } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/on-demand.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The asker's dated update to their question (at most 5, 1 to 1,000 characters). */
export const addUpdate = ({
  questionId,
  text,
  idempotencyKey,
}: {
  questionId: number;
  text: string;
  idempotencyKey: string;
}) =>
  // An anonymous asker is the tab's key, which the API client sends in X-Session-Id; like
  // every anonymous create, the update carries a solved challenge.
  withProofOfWork((altcha) =>
    api.post<QuestionUpdate>(
      `/api/questions/${questionId}/updates/`,
      { text },
      { idempotencyKey, altcha },
    ),
  );

/** Posts an update; resolves once the question has reloaded with it. */
export function useAddUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUpdate,
    onSuccess: async (_update, { questionId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionLists });
      await queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
    },
  });
}
