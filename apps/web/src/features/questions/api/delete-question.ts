import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteQuestion = (id: number) => api.delete(`/api/questions/${id}/`);

/** What the app shows once a question is deleted: it is gone from every list it was in. */
function forgetQuestion(queryClient: QueryClient, id: number) {
  queryClient.removeQueries({ queryKey: queryKeys.question(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.questions });
  void queryClient.invalidateQueries({ queryKey: queryKeys.tags });
  void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_data, id) => forgetQuestion(queryClient, id),
  });
}

/**
 * `useDeleteQuestion` outside a component: for the question page, which loads this module
 * only when its Delete is pressed (it is not among the first screen's files).
 */
export async function removeQuestion(queryClient: QueryClient, id: number): Promise<void> {
  await deleteQuestion(id);
  forgetQuestion(queryClient, id);
}
