import type { Report, ReportPatchBody } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateReport = ({ id, status }: { id: number; status: ReportPatchBody['status'] }) =>
  api.patch<Report>(`/api/reports/${id}/`, { status });

export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReport,
    // A report another admin reviewed meanwhile (409) leaves the queue too.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports });
      void queryClient.invalidateQueries({ queryKey: queryKeys.moderation });
    },
    onSuccess: (_report, { status }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports });
      void queryClient.invalidateQueries({ queryKey: queryKeys.moderation });
      if (status === 'approved')
        void queryClient.invalidateQueries({ queryKey: queryKeys.questions });
    },
  });
}
