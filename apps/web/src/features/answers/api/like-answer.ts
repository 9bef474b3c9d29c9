import type { LikeResponse } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRepeatLike } from '../../../lib/error-messages.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/on-demand.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { updateAnswer } from '../lib/update-answer.ts';
import { patchThreadCaches } from './thread-caches.ts';

export const likeAnswer = ({ id, sessionId }: { id: number; sessionId: string | null }) =>
  withProofOfWork((altcha) =>
    api.post<LikeResponse>(`/api/answers/${id}/like/`, sessionId ? { session_id: sessionId } : {}, {
      altcha,
    }),
  );

/** Takes the viewer's like back (the session goes in the X-Session-Id header). */
export const unlikeAnswer = (id: number) => api.delete(`/api/answers/${id}/like/`);

export interface ToggleAnswerLike {
  id: number;
  questionId: number;
  /** The state shown when the button was pressed: liked means this press unlikes. */
  liked: boolean;
  sessionId: string | null;
}

/**
 * Likes or unlikes a reply. The button shows the press at once and drops it on failure
 * (hooks/use-optimistic-toggle.ts); this writes the server's answer to every copy of the
 * thread before the call ends, so the button then shows that. A like the server already
 * has (another tab gave it) is read again before the call ends, so it stays shown.
 */
export function useToggleAnswerLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, liked, sessionId }: ToggleAnswerLike) =>
      liked ? unlikeAnswer(id).then(() => null) : likeAnswer({ id, sessionId }),
    onError: (error, { questionId }) => {
      if (isRepeatLike(error)) {
        return queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
      }
    },
    onSuccess: (result, { id, questionId, liked }) => {
      patchThreadCaches(queryClient, questionId, (nodes) =>
        updateAnswer(nodes, id, (old) => ({
          ...old,
          liked: !liked,
          likes: result ? result.likes : Math.max(0, old.likes - 1),
        })),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
    },
  });
}
