import type { LikeResponse } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const likeAnswer = ({
  id,
  sessionId,
}: {
  id: number;
  questionId: number;
  sessionId: string | null;
}) =>
  api.post<LikeResponse>(`/api/answers/${id}/like/`, sessionId ? { session_id: sessionId } : {});

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
