/**
 * The header's "Moderation" link, for admins and moderators, with the number of pending reports (its
 * accessible name says it in words: "Moderation 3 pending reports").
 */
import { NavLink } from 'react-router';
import { useViewer } from '../../../lib/auth.ts';
import { TEXT } from '../../../lib/messages.ts';
import { useModerationSummary } from '../api/get-summary.ts';
import styles from './moderation-link.module.css';

export function ModerationLink() {
  const viewer = useViewer();
  const summary = useModerationSummary(viewer.canModerate);
  if (!viewer.canModerate) return null;
  const pending = summary.data?.pending;
  return (
    <NavLink to="/admin/reports" className={styles.link}>
      {TEXT.moderation}
      {pending !== undefined && (
        <>
          {' '}
          <span className={styles.count} data-testid="pending-count">
            {TEXT.count(pending)}
          </span>
          <span className="visually-hidden">{TEXT.pendingCount(pending)}</span>
        </>
      )}
    </NavLink>
  );
}
