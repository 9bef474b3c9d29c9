import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { tokens } from '../../../lib/storage.ts';

/** Revokes the refresh token (best effort), then clears the tokens locally (spec §4). */
export async function logout(): Promise<void> {
  const refresh = tokens.refresh();
  try {
    if (refresh) await api.post('/api/token/blacklist/', { refresh });
  } catch {
    // Signing out locally is what matters; the token expires anyway.
  } finally {
    tokens.clear();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
