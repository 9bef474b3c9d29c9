import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteAnswer = ({ id }: { id: number; questionId: number }) =>
  api.delete(`/api/answers/${id}/`);

export function useDeleteAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnswer,
    onSuccess: (_data, { questionId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionLists });
    },
  });
}
