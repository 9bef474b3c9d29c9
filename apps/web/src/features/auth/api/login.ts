import type { TokenPair } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { tokens } from '../../../lib/storage.ts';

/** An input containing '@' is sent as email, otherwise as username (spec §5). */
export function loginBody(login: string, password: string) {
  const value = login.trim();
  return value.includes('@') ? { email: value, password } : { username: value, password };
}

export const login = ({ login, password }: { login: string; password: string }) =>
  api.post<TokenPair>('/api/token/', loginBody(login, password));

/** Login stores the tokens and then reloads the user (spec §4). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (pair) => {
      // Storing the tokens reloads every query (app.tsx); wait for the user to be known,
      // without asking for it a second time.
      tokens.store(pair);
      await queryClient.refetchQueries(
        { queryKey: queryKeys.userStatus },
        { cancelRefetch: false },
      );
    },
  });
}
