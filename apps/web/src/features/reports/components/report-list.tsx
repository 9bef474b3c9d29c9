/** 'Pending Reports' for admins, each with its content and the two decisions. */
import { REPORT_REASON_LABELS, type Report } from '@dating/contract';
import { Link } from 'react-router';
import { useConfirm } from '../../../components/ui/confirm.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatDateTime } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { useReports } from '../api/get-reports.ts';
import { useUpdateReport } from '../api/update-report.ts';

function ReportedContent({ report }: { report: Report }) {
  const content = report.content;
  if (!content) return <p className="muted">{UI.contentUnavailable}</p>;
  return (
    <div className="reported-content">
      {content.type === 'question' ? (
        <SafeHtml html={content.text} />
      ) : (
        <p className="answer-text">{content.text}</p>
      )}
      <Link className="reported-link" to={`/questions/${content.question}`}>
        {TEXT.viewQuestion}
      </Link>
    </div>
  );
}

function ReportCard({ report }: { report: Report }) {
  const update = useUpdateReport();
  const toast = useToast();
  const confirm = useConfirm();
  const decide = async (status: 'approved' | 'rejected') => {
    // Approving deletes the content: ask first, as every other delete does.
    const question =
      report.target_type === 'question' ? UI.deleteQuestionConfirm : UI.deleteReplyConfirm;
    if (status === 'approved' && report.content && !(await confirm(question))) return;
    update.mutate({ id: report.id, status }, { onError: () => toast.error(MSG.adminUpdateFailed) });
  };

  return (
    <article className="card report-card" aria-label={TEXT.reportNumber(report.id)}>
      <h2 className="report-title">{TEXT.reportNumber(report.id)}</h2>
      <dl className="report-facts">
        <div>
          <dt>{TEXT.type}</dt>
          <dd>{report.target_type === 'question' ? TEXT.question : TEXT.answer}</dd>
        </div>
        <div>
          <dt>{TEXT.reason}</dt>
          <dd>{REPORT_REASON_LABELS[report.reason]}</dd>
        </div>
        <div>
          <dt>{TEXT.details}</dt>
          <dd>{report.details?.trim() ? report.details : TEXT.noDetails}</dd>
        </div>
        <div>
          <dt>{TEXT.session}</dt>
          <dd>
            <code>{report.session_id ?? TEXT.noDetails}</code>
          </dd>
        </div>
        <div>
          <dt>{TEXT.created}</dt>
          <dd>
            <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
          </dd>
        </div>
      </dl>
      <h3 className="report-content-title">{TEXT.content}</h3>
      <ReportedContent report={report} />
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={update.isPending}
          onClick={() => void decide('approved')}
        >
          {TEXT.approve}
        </button>
        <button
          type="button"
          className="button"
          disabled={update.isPending}
          onClick={() => void decide('rejected')}
        >
          {TEXT.reject}
        </button>
      </div>
    </article>
  );
}

export function ReportList() {
  const reports = useReports();
  if (reports.isPending) return <StatusMessage>{UI.loading}</StatusMessage>;
  if (reports.isError) return <StatusMessage kind="error">{MSG.loadReportsFailed}</StatusMessage>;
  const items = reports.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="empty">{UI.noPendingReports}</p>;
  return (
    <>
      <ul className="report-list">
        {items.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} />
          </li>
        ))}
      </ul>
      {reports.hasNextPage && (
        <LoadMore
          loading={reports.isFetchingNextPage}
          onLoad={() => void reports.fetchNextPage()}
        />
      )}
    </>
  );
}
