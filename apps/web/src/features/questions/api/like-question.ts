import type { LikeResponse } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/proof-of-work.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { QuestionThread } from './get-question.ts';

export const likeQuestion = ({ id, sessionId }: { id: number; sessionId: string | null }) =>
  withProofOfWork((altcha) =>
    api.post<LikeResponse>(
      `/api/questions/${id}/like/`,
      sessionId ? { session_id: sessionId } : {},
      { altcha },
    ),
  );

export function useLikeQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likeQuestion,
    onSuccess: ({ likes }, { id }) => {
      queryClient.setQueryData<QuestionThread>(queryKeys.question(id), (old) =>
        old ? { ...old, likes } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionLists });
    },
  });
}
