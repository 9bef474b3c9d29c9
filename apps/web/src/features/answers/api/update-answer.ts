import type { Answer } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { updateAnswer as changeAnswer } from '../lib/update-answer.ts';
import { patchThreadCaches } from './thread-caches.ts';

export const updateAnswer = ({ id, text }: { id: number; text: string }) =>
  api.patch<Answer>(`/api/answers/${id}/`, { text });

export function useUpdateAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnswer,
    onSuccess: (answer) => {
      // Copies the refetch does not reach (cut replies, replies posted here) show the edit too.
      patchThreadCaches(queryClient, answer.question, (nodes) =>
        changeAnswer(nodes, answer.id, (old) => ({
          ...old,
          text: answer.text,
          edited_at: answer.edited_at,
        })),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.question(answer.question) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
    },
  });
}
