import type { LikeResponse, QuestionDetail } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRepeatLike } from '../../../lib/error-messages.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/proof-of-work.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const likeQuestion = ({ id, sessionId }: { id: number; sessionId: string | null }) =>
  withProofOfWork((altcha) =>
    api.post<LikeResponse>(
      `/api/questions/${id}/like/`,
      sessionId ? { session_id: sessionId } : {},
      { altcha },
    ),
  );

/** Takes the viewer's like back (the session goes in the X-Session-Id header). */
export const unlikeQuestion = (id: number) => api.delete(`/api/questions/${id}/like/`);

export interface ToggleLike {
  id: number;
  /** The state shown when the button was pressed: liked means this press unlikes. */
  liked: boolean;
  sessionId: string | null;
}

/**
 * Likes or unlikes the question, shown at once (optimistic) and rolled back when the call
 * fails. A like the server already has (another tab gave it) stays shown as liked.
 */
export function useToggleQuestionLike() {
  const queryClient = useQueryClient();
  const patch = (id: number, change: (old: QuestionDetail) => QuestionDetail) =>
    queryClient.setQueryData<QuestionDetail>(queryKeys.question(id), (old) =>
      old ? change(old) : old,
    );
  return useMutation({
    mutationFn: ({ id, liked, sessionId }: ToggleLike) =>
      liked ? unlikeQuestion(id).then(() => null) : likeQuestion({ id, sessionId }),
    onMutate: async ({ id, liked }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.question(id) });
      const previous = queryClient.getQueryData<QuestionDetail>(queryKeys.question(id));
      patch(id, (old) => ({
        ...old,
        liked: !liked,
        likes: Math.max(0, old.likes + (liked ? -1 : 1)),
      }));
      return { previous };
    },
    onError: (error, { id }, context) => {
      if (isRepeatLike(error)) {
        // Liked already: the server's count comes with the refetch below.
        void queryClient.invalidateQueries({ queryKey: queryKeys.question(id) });
      } else if (context?.previous) {
        queryClient.setQueryData(queryKeys.question(id), context.previous);
      }
    },
    onSuccess: (result, { id }) => {
      if (result) patch(id, (old) => ({ ...old, liked: true, likes: result.likes }));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionLists });
    },
  });
}
