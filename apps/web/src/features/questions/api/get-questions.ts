import type { QuestionSummary } from '@dating/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, nextLink } from '../../../lib/api-client.ts';
import { type QuestionFilters, queryKeys } from '../../../lib/query-keys.ts';

export interface QuestionPage {
  items: QuestionSummary[];
  /** The next page's address from the Link header, or null on the last page. */
  next: string | null;
}

export async function getQuestionsPage(
  filters: QuestionFilters,
  pageUrl: string | null,
  signal?: AbortSignal,
): Promise<QuestionPage> {
  const response = pageUrl
    ? await api.request<QuestionSummary[]>('GET', pageUrl, signal ? { signal } : {})
    : await api.request<QuestionSummary[]>('GET', '/api/questions/', {
        query: {
          search: filters.search?.trim(),
          tag_id: filters.tag,
          gender: filters.gender,
          age_range: filters.age_range,
          user_id: filters.user_id,
        },
        ...(signal ? { signal } : {}),
      });
  return { items: response.data, next: nextLink(response.headers.get('Link')) };
}

export const questionsQueryOptions = (filters: QuestionFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.questionList(filters),
    queryFn: ({ pageParam, signal }) => getQuestionsPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export function useQuestions(filters: QuestionFilters) {
  return useInfiniteQuery(questionsQueryOptions(filters));
}
