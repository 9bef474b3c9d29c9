import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteQuestion = (id: number) => api.delete(`/api/questions/${id}/`);

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.question(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.questions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tags });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
    },
  });
}
