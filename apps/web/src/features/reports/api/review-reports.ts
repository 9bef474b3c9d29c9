/**
 * "Acknowledge, keep" a crisis flag, and a review of every pending report on one post.
 * Either way the queue, its groups and the header's counts are read again; so they are
 * after a 409 (another admin was first).
 */
import type { Report, ReportGroupReviewed } from '@dating/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

function useRefreshQueue() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.reports });
    void queryClient.invalidateQueries({ queryKey: queryKeys.moderation });
  };
}

export function useAcknowledgeFlag() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: (id: number) => api.post<Report>(`/api/reports/${id}/acknowledge/`, {}),
    onSettled: refresh,
  });
}

export function useReviewGroup() {
  const refresh = useRefreshQueue();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      type,
      id,
      status,
    }: {
      type: 'question' | 'answer';
      id: number;
      status: 'approved' | 'rejected';
    }) => api.post<ReportGroupReviewed>(`/api/reports/groups/${type}/${id}/review/`, { status }),
    onSettled: (_data, _error, { status }) => {
      refresh();
      if (status === 'approved')
        void queryClient.invalidateQueries({ queryKey: queryKeys.questions });
    },
  });
}
