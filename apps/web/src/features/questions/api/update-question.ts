import type { QuestionDetail } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateQuestion = ({ id, text }: { id: number; text: string }) =>
  api.patch<QuestionDetail>(`/api/questions/${id}/`, { text });

export function useUpdateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuestion,
    onSuccess: (question) => {
      queryClient.setQueryData(queryKeys.question(question.id), question);
      void queryClient.invalidateQueries({ queryKey: queryKeys.questions });
    },
  });
}
