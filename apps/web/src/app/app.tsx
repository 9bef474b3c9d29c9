import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router';
import { ConfirmProvider } from '../components/ui/confirm.tsx';
import { PageClockProvider } from '../components/ui/time-ago.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
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

/**
 * The whole app. In the browser it follows the address bar; on the server (url given) it
 * draws the first screen of that address (src/entry-server.tsx).
 */
export function App({
  queryClient,
  pageNow = null,
  url,
}: {
  queryClient: QueryClient;
  /** When the server drew the first screen (the page's data says), for its hydration. */
  pageNow?: number | null;
  url?: string;
}) {
  useReloadOnAuthChange(queryClient);
  const routes = <AppRoutes />;
  return (
    <QueryClientProvider client={queryClient}>
      <PageClockProvider value={pageNow}>
        <ToastProvider>
          <ConfirmProvider>
            {url === undefined ? (
              <BrowserRouter>{routes}</BrowserRouter>
            ) : (
              <StaticRouter location={url}>{routes}</StaticRouter>
            )}
          </ConfirmProvider>
        </ToastProvider>
      </PageClockProvider>
    </QueryClientProvider>
  );
}
