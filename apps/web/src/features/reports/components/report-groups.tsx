/**
 * The queue grouped per post, worst first: posts hidden by people's reports, then crisis
 * flags, then the rest (the server orders them). Each group shows its count and reasons,
 * and is approved or rejected in one action; a crisis flag may be acknowledged, and the
 * post's author silenced (without anyone learning who they are). A group
 * whose content is gone is one report, reviewed as such.
 */
import type { ReportGroup } from '@dating/contract';
import { Fragment, type ReactNode } from 'react';
import { cardClass } from '../../../components/ui/card.ts';
import { CardListSkeleton, cardListClass } from '../../../components/ui/card-list.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { formatDateTime } from '../../../lib/labels.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { MODERATION_LOG_TEXT } from '../../../lib/moderation-log-messages.ts';
import {
  crisisCategoryLabel,
  reportReasonLabel,
  systemReportLabel,
} from '../../../lib/report-labels.ts';
import { useReportGroups } from '../api/get-report-groups.ts';
import { useAcknowledgeFlag, useReviewGroup } from '../api/review-reports.ts';
import { useUpdateReport } from '../api/update-report.ts';
import { QUEUE_TEXT } from '../lib/messages.ts';
import styles from './report-list.module.css';
import { ReportedContent } from './report-list.tsx';
import { ReviewActions } from './review-actions.tsx';

const keyOf = (group: ReportGroup) =>
  `${group.target_type}:${group.target_id ?? `report-${group.reports[0]}`}`;

/** More that can be done with a post still there (the app composes it in: silencing its author). */
export type PostActions = (
  target: { type: 'question' | 'answer'; id: number },
  title: string,
) => ReactNode;

function GroupCard({ group, postActions }: { group: ReportGroup; postActions?: PostActions }) {
  const review = useReviewGroup();
  const updateOne = useUpdateReport();
  const acknowledge = useAcknowledgeFlag();
  const title = QUEUE_TEXT.groupTitle(group.target_type, group.target_id);
  const decide = async (status: 'approved' | 'rejected') => {
    let closed = 1;
    if (group.target_id === null) {
      // The content is gone: the group is one report, reviewed as such.
      await updateOne.mutateAsync({ id: group.reports[0] ?? 0, status });
    } else {
      closed = (await review.mutateAsync({ type: group.target_type, id: group.target_id, status }))
        .closed;
    }
    return status === 'approved'
      ? QUEUE_TEXT.groupApproved(closed)
      : QUEUE_TEXT.groupRejected(closed);
  };
  const flag = group.flag;

  return (
    <article
      className={cardClass}
      aria-label={title}
      data-testid="report-group"
      data-priority={group.priority}
    >
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.priority} data-priority={group.priority}>
        {QUEUE_TEXT.priority(group.priority)}
      </p>
      {group.categories.length > 0 && (
        <p className={styles.flag} data-testid="report-flag">
          {MODERATION_LOG_TEXT.flaggedAs(group.categories.map(crisisCategoryLabel))}
        </p>
      )}
      {(group.system ?? []).length > 0 && (
        <p className={styles.flag} data-testid="report-system">
          {(group.system ?? []).map(systemReportLabel).join(' · ')}
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
                  <li key={reason}>{`${reportReasonLabel(reason)} ×${TEXT.count(count)}`}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>{TEXT.details}</dt>
          <dd>
            {group.details.length > 0
              ? group.details.map((details, i) => (
                  // Reporters' words, in the order the server sent them (duplicates too).
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
                  <Fragment key={i}>
                    {i > 0 && ' · '}
                    <span data-testid="report-details">{details}</span>
                  </Fragment>
                ))
              : TEXT.noDetails}
          </dd>
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
      <ReviewActions
        targetType={group.target_type}
        hasContent={Boolean(group.content)}
        decide={decide}
        acknowledge={flag === null ? null : () => acknowledge.mutateAsync(flag)}
      />
      {group.target_id !== null &&
        group.content &&
        postActions?.({ type: group.target_type, id: group.target_id }, title)}
    </article>
  );
}

export function ReportGroups({ postActions }: { postActions?: PostActions }) {
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
              <GroupCard group={group} {...(postActions ? { postActions } : {})} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
