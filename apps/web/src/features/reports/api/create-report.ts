import type { ReportCreateBody } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withProofOfWork } from '../../../lib/proof-of-work/on-demand.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

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
