import type { AnswerNode, AnswerPage } from '@dating/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The pages of a thread past the question's first one (`answers_next`, then each page's):
 * none is asked for until the reader wants more (`load`), then one at a time. Under the
 * question's key, so whatever reloads the question reloads the pages shown too. `scope`
 * names the list (the whole thread, or one group's replies).
 */
export function useMoreAnswers(id: number, scope: string, firstNext: string | null) {
  const [wanted, setWanted] = useState(false);
  const pages = useInfiniteQuery({
    queryKey: [...queryKeys.question(id), 'pages', scope] as const,
    queryFn: ({ pageParam, signal }) => api.get<AnswerPage>(pageParam, signal ? { signal } : {}),
    initialPageParam: firstNext ?? '',
    getNextPageParam: (last) => last.answers_next,
    enabled: wanted && firstNext !== null,
  });
  const answers: AnswerNode[] = wanted ? (pages.data?.pages.flatMap((p) => p.answers) ?? []) : [];
  const loading = wanted && (pages.isPending || pages.isFetchingNextPage);
  const failed = wanted && (pages.isError || pages.isFetchNextPageError);
  const hasMore = firstNext !== null && (!wanted || pages.isPending || pages.hasNextPage);
  return {
    answers,
    hasMore,
    loading,
    failed,
    load: () => {
      if (!wanted) setWanted(true);
      else if (pages.isError && !pages.isFetching) void pages.refetch();
      else if (pages.hasNextPage && !pages.isFetching) void pages.fetchNextPage();
    },
  };
}
