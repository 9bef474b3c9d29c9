import type { Answer, AnswerCreateBody } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createAnswer = ({
  questionId,
  body,
}: {
  questionId: number;
  body: AnswerCreateBody;
}) => api.post<Answer>(`/api/questions/${questionId}/answers/`, body);

export function useCreateAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnswer,
    onSuccess: (_answer, { questionId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionLists });
    },
  });
}
