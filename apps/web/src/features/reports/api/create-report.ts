import type { ReportCreateBody } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { withProofOfWork } from '../../proof-of-work/lib/proof-of-work.ts';

export const createReport = ({
  body,
  idempotencyKey,
}: {
  body: ReportCreateBody;
  idempotencyKey: string;
}) =>
  withProofOfWork((altcha) => api.post<unknown>('/api/reports/', body, { idempotencyKey, altcha }));

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reports }),
  });
}
