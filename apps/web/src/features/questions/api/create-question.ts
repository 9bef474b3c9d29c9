import type { QuestionCreateBody, QuestionWritten } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/on-demand.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createQuestion = ({
  body,
  idempotencyKey,
}: {
  body: QuestionCreateBody;
  idempotencyKey: string;
}) =>
  withProofOfWork((altcha) =>
    api.post<QuestionWritten>('/api/questions/', body, { idempotencyKey, altcha }),
  );

/** After posting, the feed and the tags reload (spec §4). */
export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.questions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tags }),
      ]);
    },
  });
}
