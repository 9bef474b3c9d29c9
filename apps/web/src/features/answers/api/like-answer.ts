import type { LikeResponse } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/proof-of-work.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const likeAnswer = ({
  id,
  sessionId,
}: {
  id: number;
  questionId: number;
  sessionId: string | null;
}) =>
  withProofOfWork((altcha) =>
    api.post<LikeResponse>(`/api/answers/${id}/like/`, sessionId ? { session_id: sessionId } : {}, {
      altcha,
    }),
  );

export function useLikeAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likeAnswer,
    onSuccess: (_likes, { questionId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
    },
  });
}
