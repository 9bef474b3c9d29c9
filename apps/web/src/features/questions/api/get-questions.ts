import { type FeedState, feedApiQuery, type QuestionSummary } from '@dating/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, nextLink } from '../../../lib/api-client.ts';
import { activeLocale } from '../../../lib/i18n.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The feed's state, or My Content's own questions (`user_id`, the requester's own id). */
export type QuestionListState = FeedState & { user_id?: number };

export interface QuestionPage {
  items: QuestionSummary[];
  /** The next page's address from the Link header, or null on the last page. */
  next: string | null;
  /**
   * A search's first page: its matches, counted up to LIMITS.searchCountMax (that many
   * means "at least"), from the X-Total-Count header; null otherwise.
   */
  total: number | null;
}

function totalOf(headers: Headers): number | null {
  const raw = headers.get('X-Total-Count');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
}

export async function getQuestionsPage(
  list: QuestionListState,
  pageUrl: string | null,
  signal?: AbortSignal,
): Promise<QuestionPage> {
  const { user_id, ...feed } = list;
  const response = pageUrl
    ? await api.request<QuestionSummary[]>('GET', pageUrl, signal ? { signal } : {})
    : await api.request<QuestionSummary[]>('GET', '/api/questions/', {
        // One's own questions are all listed; the feed, in the page's language and English
        // unless the address says otherwise.
        query:
          user_id === undefined
            ? feedApiQuery(feed, { pageLanguage: activeLocale() })
            : { ...feedApiQuery(feed), user_id },
        ...(signal ? { signal } : {}),
      });
  return {
    items: response.data,
    next: nextLink(response.headers.get('Link')),
    total: totalOf(response.headers),
  };
}

export const questionsQueryOptions = (list: QuestionListState) =>
  infiniteQueryOptions({
    queryKey: queryKeys.questionList(list),
    queryFn: ({ pageParam, signal }) => getQuestionsPage(list, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export function useQuestions(list: QuestionListState) {
  return useInfiniteQuery(questionsQueryOptions(list));
}
