/**
 * `DELETE /api/my/anonymous/`: erases what a private key wrote or follows, its inbox and
 * devices, answering how many of each; `dryRun` only counts. Always as that key alone.
 */
import type { ErasureCounts } from '@dating/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export async function eraseKey(key: string, dryRun: boolean): Promise<ErasureCounts> {
  const path = dryRun ? '/api/my/anonymous/?dry_run=true' : '/api/my/anonymous/';
  return (await api.request<ErasureCounts>('DELETE', path, { asAnonymous: key })).data;
}

/** What erasing the key would take, read afresh each time the confirmation shows. */
export function useErasureCounts(key: string, enabled: boolean) {
  return useQuery({
    queryKey: ['erasure-counts', key],
    queryFn: () => eraseKey(key, true),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useEraseKey() {
  return useMutation({ mutationFn: (key: string) => eraseKey(key, false) });
}
