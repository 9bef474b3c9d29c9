import type { LikeResponse } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRepeatLike } from '../../../lib/error-messages.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/on-demand.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { patchCachedQuestion } from '../../../lib/question-cache.ts';

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
 * Likes or unlikes the question. The button shows the press at once and drops it on failure
 * (hooks/use-optimistic-toggle.ts); this writes the server's answer to the cache before the
 * call ends, so the button then shows that. A like the server already has (another tab gave
 * it) is read again before the call ends, so it stays shown as liked.
 */
export function useToggleQuestionLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, liked, sessionId }: ToggleLike) =>
      liked ? unlikeQuestion(id).then(() => null) : likeQuestion({ id, sessionId }),
    onError: (error, { id }) => {
      if (isRepeatLike(error)) {
        return queryClient.invalidateQueries({ queryKey: queryKeys.question(id) });
      }
    },
    onSuccess: (result, { id, liked }) =>
      patchCachedQuestion(queryClient, id, (old) => ({
        ...old,
        liked: !liked,
        likes: result ? result.likes : Math.max(0, old.likes - 1),
      })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionLists });
    },
  });
}
