import type { Answer } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateAnswer = ({ id, text }: { id: number; text: string }) =>
  api.patch<Answer>(`/api/answers/${id}/`, { text });

export function useUpdateAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnswer,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.question(answer.question) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
    },
  });
}
