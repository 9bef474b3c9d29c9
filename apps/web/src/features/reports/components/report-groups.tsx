/**
 * The queue grouped per post, worst first: posts hidden by people's reports, then crisis
 * flags, then the rest (the server orders them). Each group shows its count and reasons,
 * and is approved or rejected in one action; a crisis flag may be acknowledged. A group
 * whose content is gone is one report, reviewed as such.
 */
import {
  API_MSG,
  CRISIS_CATEGORY_LABELS,
  REPORT_REASON_LABELS,
  type ReportGroup,
} from '@dating/contract';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { CardListSkeleton, cardListClass } from '../../../components/ui/card-list.tsx';
import { useConfirm } from '../../../components/ui/confirm.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../hooks/use-single-flight.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { unlessOffline } from '../../../lib/error-messages.ts';
import { formatDateTime } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { SAFETY_TEXT } from '../../../lib/safety-messages.ts';
import { useReportGroups } from '../api/get-report-groups.ts';
import { useAcknowledgeFlag, useReviewGroup } from '../api/review-reports.ts';
import { useUpdateReport } from '../api/update-report.ts';
import { QUEUE_TEXT } from '../lib/messages.ts';
import styles from './report-list.module.css';
import { AcknowledgeButton, ReportedContent } from './report-list.tsx';

const keyOf = (group: ReportGroup) =>
  `${group.target_type}:${group.target_id ?? `report-${group.reports[0]}`}`;

function GroupCard({ group }: { group: ReportGroup }) {
  const review = useReviewGroup();
  const updateOne = useUpdateReport();
  const acknowledge = useAcknowledgeFlag();
  const toast = useToast();
  const confirm = useConfirm();
  const [deciding, run] = useSingleFlight();
  const title = QUEUE_TEXT.groupTitle(group.target_type, group.target_id);

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      toast.error(API_MSG.reportAlreadyReviewed);
    } else toast.error(unlessOffline(error, MSG.adminUpdateFailed));
  };
  const decide = (status: 'approved' | 'rejected') =>
    run(async () => {
      const question =
        group.target_type === 'question' ? UI.deleteQuestionConfirm : UI.deleteReplyConfirm;
      if (status === 'approved' && group.content && !(await confirm(question))) return;
      try {
        let closed = 1;
        if (group.target_id === null) {
          // The content is gone: the group is one report, reviewed as such.
          await updateOne.mutateAsync({ id: group.reports[0] ?? 0, status });
        } else {
          closed = (
            await review.mutateAsync({ type: group.target_type, id: group.target_id, status })
          ).closed;
        }
        toast.success(
          status === 'approved'
            ? QUEUE_TEXT.groupApproved(closed)
            : QUEUE_TEXT.groupRejected(closed),
        );
      } catch (error) {
        failed(error);
      }
    });
  const onAcknowledge = () =>
    run(async () => {
      if (group.flag === null) return;
      try {
        await acknowledge.mutateAsync(group.flag);
        toast.success(QUEUE_TEXT.flagAcknowledged);
      } catch (error) {
        failed(error);
      }
    });

  return (
    <article
      className={cardClass}
      aria-label={title}
      data-testid="report-group"
      data-priority={group.priority}
    >
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.priority} data-priority={group.priority}>
        {QUEUE_TEXT.priority[group.priority]}
      </p>
      {group.categories.length > 0 && (
        <p className={styles.flag} data-testid="report-flag">
          {SAFETY_TEXT.flaggedAs(group.categories.map((c) => CRISIS_CATEGORY_LABELS[c]).join(', '))}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{TEXT.type}</dt>
          <dd>{group.target_type === 'question' ? TEXT.question : TEXT.answer}</dd>
        </div>
        <div>
          <dt>{QUEUE_TEXT.reasons}</dt>
          <dd data-testid="group-count">
            {QUEUE_TEXT.reportCount(group.count)}
            {group.reasons.length > 0 && (
              <ul className={styles.reasons} data-testid="group-reasons">
                {group.reasons.map(({ reason, count }) => (
                  <li key={reason}>{`${REPORT_REASON_LABELS[reason]} ×${count}`}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>{TEXT.details}</dt>
          <dd>{group.details.length > 0 ? group.details.join(' · ') : TEXT.noDetails}</dd>
        </div>
        <div>
          <dt>{TEXT.created}</dt>
          <dd>
            <time dateTime={group.first_reported_at}>
              {formatDateTime(group.first_reported_at)}
            </time>
          </dd>
        </div>
      </dl>
      <h3 className={styles.contentTitle}>{TEXT.content}</h3>
      <ReportedContent report={group} />
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass('danger')}
          disabled={deciding}
          onClick={() => decide('approved')}
        >
          {TEXT.approve}
        </button>
        <button
          type="button"
          className={buttonClass()}
          disabled={deciding}
          onClick={() => decide('rejected')}
        >
          {TEXT.reject}
        </button>
        {group.flag !== null && <AcknowledgeButton disabled={deciding} onClick={onAcknowledge} />}
      </div>
    </article>
  );
}

export function ReportGroups() {
  const groups = useReportGroups();
  return (
    <PagedList
      query={groups}
      placeholder={<CardListSkeleton lines={['35%', undefined, '80%', '60%']} />}
      errorMessage={() => MSG.loadReportsFailed}
      empty={UI.noPendingReports}
    >
      {(items) => (
        <ul className={cardListClass}>
          {items.map((group) => (
            <li key={keyOf(group)}>
              <GroupCard group={group} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
