/**
 * 'Pending Reports' for admins, each with its content and the two decisions, and for a
 * crisis flag a third: "Acknowledge, keep" (seen, the post kept, nothing deleted).
 */
import { questionPath, type Report } from '@dating/contract';
import { Link } from 'react-router';
import { cardClass } from '../../../components/ui/card.ts';
import { CardListSkeleton, cardListClass } from '../../../components/ui/card-list.tsx';
import { HiddenMarker } from '../../../components/ui/hidden-marker.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { MODERATION_LOG_TEXT } from '../../../lib/moderation-log-messages.ts';
import { crisisCategoryLabel, reportReasonLabel } from '../../../lib/report-labels.ts';
import { useReports } from '../api/get-reports.ts';
import { useAcknowledgeFlag } from '../api/review-reports.ts';
import { useUpdateReport } from '../api/update-report.ts';
import styles from './report-list.module.css';
import { ReviewActions } from './review-actions.tsx';

export function ReportedContent({ report }: { report: Pick<Report, 'content'> }) {
  const content = report.content;
  if (!content) return <p className={styles.muted}>{UI.contentUnavailable}</p>;
  return (
    <div className={styles.content}>
      {content.hidden && <HiddenMarker />}
      {content.type === 'question' ? (
        <SafeHtml html={content.text} testId="reported-text" />
      ) : (
        <p className={styles.answerText} data-testid="reported-text">
          {content.text}
        </p>
      )}
      <Link className={styles.viewLink} to={questionPath(content.question)}>
        {TEXT.viewQuestion}
      </Link>
    </div>
  );
}

function ReportCard({ report }: { report: Report }) {
  const update = useUpdateReport();
  const acknowledge = useAcknowledgeFlag();
  // A post the crisis check flagged (no reporter): the queue lists these first.
  const flagged = report.source === 'automatic' ? report.categories : [];

  return (
    <article className={cardClass} aria-label={TEXT.reportNumber(report.id)}>
      <h2 className={styles.title}>{TEXT.reportNumber(report.id)}</h2>
      {flagged.length > 0 && (
        <p className={styles.flag} data-testid="report-flag">
          {MODERATION_LOG_TEXT.flaggedAs(flagged.map(crisisCategoryLabel))}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{TEXT.type}</dt>
          <dd>{report.target_type === 'question' ? TEXT.question : TEXT.answer}</dd>
        </div>
        <div>
          <dt>{TEXT.reason}</dt>
          <dd>{reportReasonLabel(report.reason)}</dd>
        </div>
        <div>
          <dt>{TEXT.details}</dt>
          <dd>
            {report.details?.trim() ? (
              <span data-testid="report-details">{report.details}</span>
            ) : (
              TEXT.noDetails
            )}
          </dd>
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
      <h3 className={styles.contentTitle}>{TEXT.content}</h3>
      <ReportedContent report={report} />
      <ReviewActions
        targetType={report.target_type}
        hasContent={Boolean(report.content)}
        decide={async (status) => {
          await update.mutateAsync({ id: report.id, status });
          return status === 'approved'
            ? MODERATION_LOG_TEXT.reportApproved
            : MODERATION_LOG_TEXT.reportRejected;
        }}
        acknowledge={flagged.length > 0 ? () => acknowledge.mutateAsync(report.id) : null}
      />
    </article>
  );
}

export function ReportList() {
  const reports = useReports();
  const refused =
    reports.error instanceof ApiError &&
    (reports.error.status === 401 || reports.error.status === 403);
  if (refused) {
    // The server decides who is a moderator; the page says so and offers to log in.
    return (
      <div className={styles.refused}>
        <p role="alert">{MSG.loadReportsFailed}</p>
        <p>
          {MODERATION_LOG_TEXT.onlyModerators}{' '}
          <Link to="/login">{MODERATION_LOG_TEXT.logInAsModerator}</Link>
        </p>
      </div>
    );
  }
  return (
    <PagedList
      query={reports}
      placeholder={<CardListSkeleton lines={['35%', undefined, '80%', '60%']} />}
      errorMessage={() => MSG.loadReportsFailed}
      empty={UI.noPendingReports}
    >
      {(items) => (
        <ul className={cardListClass}>
          {items.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
