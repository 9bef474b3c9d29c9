import type { QuestionDetail } from '@dating/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { isPerspective, type Perspective, perspectiveApiQuery } from '../lib/perspective-params.ts';

export const getQuestion = (id: number, signal?: AbortSignal) =>
  api.get<QuestionDetail>(`/api/questions/${id}/`, signal ? { signal } : {});

export const questionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.question(id),
    queryFn: ({ signal }) => getQuestion(id, signal),
  });

export function useQuestion(id: number) {
  return useQuery({ ...questionQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/**
 * One group's replies (`?perspective_gender=...&perspective_age=...`): a flat list, under the
 * question's own key, so that whatever reloads the question reloads it too.
 */
export function usePerspectiveThread(id: number, perspective: Perspective) {
  return useQuery({
    queryKey: [...queryKeys.question(id), 'perspective', perspective] as const,
    queryFn: ({ signal }) =>
      api.get<QuestionDetail>(`/api/questions/${id}/`, {
        query: perspectiveApiQuery(perspective),
        ...(signal ? { signal } : {}),
      }),
    enabled: Number.isInteger(id) && id > 0 && isPerspective(perspective),
  });
}
