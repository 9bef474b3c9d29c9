import type { AnswerCreateBody, AnswerNode, AnswerWritten } from '@dating/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/on-demand.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createAnswer = ({
  questionId,
  body,
  idempotencyKey,
}: {
  questionId: number;
  body: AnswerCreateBody;
  idempotencyKey: string;
}) =>
  withProofOfWork((altcha) =>
    api.post<AnswerWritten>(`/api/questions/${questionId}/answers/`, body, {
      idempotencyKey,
      altcha,
    }),
  );

/** The reply as the thread shows it: an answer with no replies yet. */
function asNode({ pii_warnings: _pii, support: _support, ...answer }: AnswerWritten): AnswerNode {
  return { ...answer, replies: [] };
}

/**
 * Posts a reply; resolves once the thread has reloaded with it. A long thread comes in
 * pages and the reply may be on one not loaded yet: it is kept apart too
 * (`queryKeys.postedReplies`), so the thread can show it anyway.
 */
export function useCreateAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAnswer,
    onSuccess: async (answer, { questionId }) => {
      queryClient.setQueryData<AnswerNode[]>(queryKeys.postedReplies(questionId), (posted) => [
        ...(posted ?? []),
        asNode(answer),
      ]);
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAnswers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.questionLists });
      await queryClient.invalidateQueries({ queryKey: queryKeys.question(questionId) });
    },
  });
}

const NONE_POSTED: AnswerNode[] = [];

/** The replies posted from this tab to a question (see `useCreateAnswer`), oldest first. */
export function usePostedReplies(questionId: number): AnswerNode[] {
  const posted = useQuery({
    queryKey: queryKeys.postedReplies(questionId),
    // Only ever written here; never fetched.
    queryFn: () => NONE_POSTED,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return posted.data ?? NONE_POSTED;
}
