import type { MyAnswer } from '@dating/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getMyAnswers = () => api.get<MyAnswer[]>('/api/my/answers/');

export const myAnswersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myAnswers, queryFn: getMyAnswers });

export function useMyAnswers() {
  return useQuery(myAnswersQueryOptions());
}
