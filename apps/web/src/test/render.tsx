/** Renders a component with the app's providers and a known viewer, without the network. */
import type { UserStatus } from '@dating/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ConfirmProvider } from '../components/ui/confirm.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

export function renderWithApp(ui: ReactElement, status?: UserStatus) {
  const queryClient = createQueryClient();
  queryClient.setQueryData<UserStatus>(
    queryKeys.userStatus,
    status ?? { is_authenticated: false, user: null, silenced: null },
  );
  // A wrapper, so that `rerender` keeps the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ConfirmProvider>
          <MemoryRouter>{children}</MemoryRouter>
        </ConfirmProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
  const result = render(ui, { wrapper });
  return { ...result, queryClient };
}
