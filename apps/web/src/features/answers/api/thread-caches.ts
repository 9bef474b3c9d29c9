import type { AnswerNode } from '@dating/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { patchAnswers } from '../lib/update-answer.ts';

/**
 * Makes `change` to every cached copy of a question's answers: the detail's first page,
 * the following pages, a group's replies, the rest of cut replies, and the replies posted
 * from this tab. A long thread is in several of them, and only the detail is refetched as a
 * whole (`except` leaves out the detail itself).
 */
export function patchThreadCaches(
  queryClient: QueryClient,
  questionId: number,
  change: (nodes: AnswerNode[]) => AnswerNode[],
  except: 'detail' | null = null,
): void {
  const detail = queryKeys.question(questionId);
  queryClient.setQueriesData(
    {
      queryKey: detail,
      predicate: (query) => except === null || query.queryKey.length > detail.length,
    },
    (old: unknown) => patchAnswers(old, change),
  );
  queryClient.setQueryData<AnswerNode[]>(queryKeys.postedReplies(questionId), (old) =>
    old ? change(old) : old,
  );
}
