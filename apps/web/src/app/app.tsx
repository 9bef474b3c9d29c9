import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ConfirmProvider } from '../components/ui/confirm.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { seedInitialData } from '../features/questions/api/initial-data.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { tokens } from '../lib/storage.ts';
import { AppRoutes } from './router.tsx';

/** Signing in or out changes what every list shows: reload them all (spec §4). */
function useReloadOnAuthChange(queryClient: QueryClient) {
  useEffect(
    () =>
      tokens.subscribe((event) => {
        if (event === 'refreshed') return;
        if (event === 'signed-out') {
          queryClient.removeQueries({ queryKey: queryKeys.myAnswers });
          queryClient.removeQueries({ queryKey: queryKeys.reports });
        }
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );
}

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedInitialData(client);
    return client;
  });
  useReloadOnAuthChange(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ConfirmProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ConfirmProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
