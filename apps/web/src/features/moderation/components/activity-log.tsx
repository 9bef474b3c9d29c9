/**
 * The admin page's "Activity" tab: the moderation log (`GET /api/moderation/log/`), newest
 * first, a page at a time (Load more follows the Link header). Each entry says what was
 * done to which post, by whom (and in which role: admin or moderator) and when, with the
 * note (a silence's reason) and, for deleted content, what it
 * said (personal information already replaced by [removed] on the server).
 */

import type { ModerationLogEntry } from '@dating/contract';
import { questionPath } from '@dating/contract';
import { Link } from 'react-router';
import { cardClass } from '../../../components/ui/card.ts';
import { cardListClass } from '../../../components/ui/card-list.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { SkeletonLine } from '../../../components/ui/skeleton.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { formatDateTime } from '../../../lib/labels.ts';
import { UI } from '../../../lib/messages.ts';
import { MODERATION_LOG_TEXT } from '../../../lib/moderation-log-messages.ts';
import { useModerationLog } from '../api/get-log.ts';
import styles from './activity-log.module.css';

function targetName(entry: ModerationLogEntry): string {
  switch (entry.target_type) {
    case 'question':
      return MODERATION_LOG_TEXT.targetQuestion(entry.target_id);
    case 'answer':
      return MODERATION_LOG_TEXT.targetAnswer(entry.target_id);
    case 'account':
      return entry.target_id === null
        ? MODERATION_LOG_TEXT.targetAccount
        : MODERATION_LOG_TEXT.targetAccountId(entry.target_id);
    case 'key':
      return MODERATION_LOG_TEXT.targetKey;
  }
}

/** What a silence's entry says: "Author of reply #12 silenced for 7 days". */
function headlineOf(entry: ModerationLogEntry, target: string): string {
  if (entry.action === 'silence' && entry.days !== null) {
    const who =
      entry.target_type === 'question' || entry.target_type === 'answer'
        ? MODERATION_LOG_TEXT.authorOf(entry.target_type, entry.target_id)
        : target;
    return MODERATION_LOG_TEXT.silencedFor(who, entry.days);
  }
  return MODERATION_LOG_TEXT.action(entry.action);
}

/** Stands for a person's words in a message, to mark them where the message is drawn. */
const SLOT = '\uE000';

/**
 * "by alice (moderator)", the name marked as a person's (`username`) rather than the site's
 * words: the language checks of the e2e suite leave it out.
 */
function ByStaff({ name, role }: { name: string; role: ModerationLogEntry['role'] }) {
  const [before, after, ...more] = MODERATION_LOG_TEXT.byStaff(SLOT, role).split(SLOT);
  if (before === undefined || after === undefined || more.length > 0) {
    return <>{MODERATION_LOG_TEXT.byStaff(name, role)}</>;
  }
  return (
    <>
      {before}
      <span data-testid="username">{name}</span>
      {after}
    </>
  );
}

function Entry({ entry }: { entry: ModerationLogEntry }) {
  const deleted = entry.action === 'approve' || entry.action === 'delete';
  const target = targetName(entry);
  const headline = headlineOf(entry, target);
  return (
    <article className={cardClass} aria-label={`${headline}: ${target}`}>
      <p className={styles.headline}>
        <strong>{headline}</strong>
        <span>
          {entry.question !== null && !deleted ? (
            <Link to={questionPath(entry.question)}>{target}</Link>
          ) : (
            target
          )}
        </span>
        {entry.report !== null && <span>{MODERATION_LOG_TEXT.forReport(entry.report)}</span>}
      </p>
      <p className={styles.meta}>
        <span>
          {entry.admin ? (
            <ByStaff name={entry.admin.username} role={entry.role} />
          ) : (
            MODERATION_LOG_TEXT.byServer
          )}
        </span>
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </p>
      {entry.note && (
        <p className={styles.note}>
          <span className={styles.label}>{MODERATION_LOG_TEXT.note}:</span>{' '}
          <span data-testid="log-note">{entry.note}</span>
        </p>
      )}
      {entry.counts && (
        <p className={styles.meta}>{MODERATION_LOG_TEXT.erasureCounts(entry.counts)}</p>
      )}
      {entry.snapshot && (
        <div className={styles.snapshot}>
          <p className={styles.label}>{MODERATION_LOG_TEXT.snapshot}</p>
          <p className={styles.snapshotText} data-testid="snapshot-text">
            {entry.snapshot.text}
          </p>
          {entry.snapshot.pii_removed.length > 0 && (
            <p className={styles.meta}>{MODERATION_LOG_TEXT.piiRemoved}</p>
          )}
        </div>
      )}
    </article>
  );
}

export function ActivityLog() {
  const log = useModerationLog();
  return (
    <PagedList
      query={log}
      placeholder={
        <>
          <StatusMessage visuallyHidden>{UI.loading}</StatusMessage>
          <div className={cardClass} aria-hidden="true">
            <SkeletonLine width="40%" />
            <SkeletonLine width="70%" />
          </div>
        </>
      }
      errorMessage={() => MODERATION_LOG_TEXT.loadActivityFailed}
      empty={MODERATION_LOG_TEXT.noActivity}
    >
      {(entries) => (
        <ul className={cardListClass}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <Entry entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
