import type { AnswerCreateBody, AnswerWritten } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/proof-of-work.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createAnswer = ({
  questionId,
  body,
  idempotencyKey,
}: {
  questionId: number;
  body: AnswerCreateBody;
  idempotencyKey: string;
}) =>
  withProofOfWork((altcha) =>
    api.post<AnswerWritten>(`/api/questions/${questionId}/answers/`, body, {
      idempotencyKey,
      altcha,
    }),
  );

/** Posts a reply; resolves once the thread has reloaded with it. */
export function useCreateAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnswer,
    onSuccess: async (_answer, { questionId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionLists });
      await queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
    },
  });
}
