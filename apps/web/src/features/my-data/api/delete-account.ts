/** `DELETE /api/my/account/`: the signed-in account goes, its posts deleted or anonymized. */
import type { AccountDeleteBody, AccountErasure } from '@dating/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export async function deleteAccount(body: AccountDeleteBody): Promise<AccountErasure> {
  return (await api.request<AccountErasure>('DELETE', '/api/my/account/', { body })).data;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
