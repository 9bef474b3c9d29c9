import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Failures show the specification's load-failure message at once, with a Retry.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
        // Offline, a request is not held back until the connection returns: the API client
        // fails it at once and the screen says why (no endless 'Loading…' or 'Submitting…').
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
