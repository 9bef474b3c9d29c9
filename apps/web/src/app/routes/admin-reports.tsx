import { ReportList } from '../../features/reports/components/report-list.tsx';
import { TEXT } from '../../lib/messages.ts';

export function AdminReportsRoute() {
  return (
    <div>
      <title>{`${TEXT.pendingReports} · ${TEXT.brand}`}</title>
      <h1>{TEXT.pendingReports}</h1>
      <ReportList />
    </div>
  );
}
