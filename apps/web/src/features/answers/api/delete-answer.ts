import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { removeAnswer } from '../lib/update-answer.ts';
import { patchThreadCaches } from './thread-caches.ts';

export const deleteAnswer = ({ id }: { id: number; questionId: number }) =>
  api.delete(`/api/answers/${id}/`);

export function useDeleteAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnswer,
    onSuccess: (_data, { id, questionId }) => {
      // Gone from the copies the refetch does not reach (cut replies, replies posted here);
      // the refetched ones show the placeholder it may leave.
      patchThreadCaches(queryClient, questionId, (nodes) => removeAnswer(nodes, id), 'detail');
      void queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionLists });
    },
  });
}
