/** The watched words (admins): read, add, remove; each change reads the list again. */
import type { WatchedWord, WatchedWordAction } from '@dating/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const watchedWordsKey = ['moderation', 'watched-words'] as const;

export const watchedWordsQueryOptions = () =>
  queryOptions({
    queryKey: watchedWordsKey,
    queryFn: () => api.get<WatchedWord[]>('/api/moderation/watched-words/'),
  });

export function useWatchedWords() {
  return useQuery(watchedWordsQueryOptions());
}

export function useAddWatchedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: { word: string; action: WatchedWordAction }) =>
      api.post<WatchedWord>('/api/moderation/watched-words/', rule),
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchedWordsKey }),
  });
}

export function useRemoveWatchedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/moderation/watched-words/${id}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchedWordsKey }),
  });
}
