import type { AnswerNode, QuestionDetail } from '@dating/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The contract's `QuestionDetail` types nested replies as `unknown[]` (no JSON Schema
 * recursion); every node has the `AnswerNode` shape, which is what the page relies on.
 */
export type QuestionThread = Omit<QuestionDetail, 'answers'> & { answers: AnswerNode[] };

export const getQuestion = (id: number, signal?: AbortSignal) =>
  api.get<QuestionThread>(`/api/questions/${id}/`, signal ? { signal } : {});

export const questionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.question(id),
    queryFn: ({ signal }) => getQuestion(id, signal),
  });

export function useQuestion(id: number) {
  return useQuery({ ...questionQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
