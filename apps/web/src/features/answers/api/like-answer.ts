import type { AnswerNode, LikeResponse } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRepeatLike } from '../../../lib/error-messages.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/proof-of-work.ts';
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

/** What this feature reads of a question's cached detail: its thread. */
interface CachedThread {
  answers: AnswerNode[];
}

export interface ToggleAnswerLike {
  id: number;
  questionId: number;
  /** The state shown when the button was pressed: liked means this press unlikes. */
  liked: boolean;
  sessionId: string | null;
}

/**
 * Likes or unlikes a reply, shown at once in its thread (optimistic) and rolled back when
 * the call fails. A like the server already has (another tab gave it) stays shown.
 */
export function useToggleAnswerLike() {
  const queryClient = useQueryClient();
  const patch = (
    questionId: number,
    id: number,
    change: (old: AnswerNode) => AnswerNode,
    except: 'detail' | null = null,
  ) =>
    patchThreadCaches(queryClient, questionId, (nodes) => updateAnswer(nodes, id, change), except);
  return useMutation({
    mutationFn: ({ id, liked, sessionId }: ToggleAnswerLike) =>
      liked ? unlikeAnswer(id).then(() => null) : likeAnswer({ id, sessionId }),
    onMutate: async ({ id, questionId, liked }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.question(questionId) });
      const previous = queryClient.getQueryData<CachedThread>(queryKeys.question(questionId));
      patch(questionId, id, (old) => ({
        ...old,
        liked: !liked,
        likes: Math.max(0, old.likes + (liked ? -1 : 1)),
      }));
      return { previous };
    },
    onError: (error, { id, questionId, liked }, context) => {
      if (isRepeatLike(error)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
      } else if (context?.previous) {
        queryClient.setQueryData(queryKeys.question(questionId), context.previous);
        // The thread's other copies: the press undone.
        patch(
          questionId,
          id,
          (old) => ({ ...old, liked, likes: Math.max(0, old.likes + (liked ? 1 : -1)) }),
          'detail',
        );
      }
    },
    onSuccess: (result, { id, questionId }) => {
      if (result) patch(questionId, id, (old) => ({ ...old, liked: true, likes: result.likes }));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
    },
  });
}
