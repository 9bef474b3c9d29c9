import type { AnswerNode, AnswerPage } from '@dating/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** One loaded page of the replies a page of the thread cut under the answer `parent`. */
export interface CutRepliesPage {
  parent: number;
  answers: AnswerNode[];
  answers_next: string | null;
}

interface CutRepliesCache {
  pages: CutRepliesPage[];
}

const NO_CUT_PAGES: CutRepliesCache = { pages: [] };

/**
 * The rest of the replies that pages of the thread cut ('Show N more replies'), loaded a
 * page at a time. Kept under the question's key like the other pages, so that a like marks
 * them too (./like-answer.ts); only ever written here, never refetched.
 */
export function useCutReplies(id: number, scope: string) {
  const queryClient = useQueryClient();
  const queryKey = [...queryKeys.question(id), 'replies', scope] as const;
  const cached = useQuery({
    queryKey,
    queryFn: () => NO_CUT_PAGES,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [state, setState] = useState<ReadonlyMap<number, 'loading' | 'failed'>>(() => new Map());
  const pages = cached.data?.pages ?? NO_CUT_PAGES.pages;
  const setOf = (parent: number, value: 'loading' | 'failed' | null) =>
    setState((all) => {
      const next = new Map(all);
      if (value === null) next.delete(parent);
      else next.set(parent, value);
      return next;
    });
  return {
    pages,
    stateOf: (parent: number) => state.get(parent) ?? null,
    /** Loads the page at `url` of `parent`'s replies. */
    load: (parent: number, url: string) => {
      if (state.get(parent) === 'loading') return;
      setOf(parent, 'loading');
      api.get<AnswerPage>(url).then(
        (page) => {
          queryClient.setQueryData<CutRepliesCache>(queryKey, (old) => ({
            pages: [...(old?.pages ?? []), { parent, ...page }],
          }));
          setOf(parent, null);
        },
        () => setOf(parent, 'failed'),
      );
    },
  };
}
