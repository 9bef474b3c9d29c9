/**
 * The header's "Moderation" link, for admins only, with the number of pending reports (its
 * accessible name says it in words: "Moderation 3 pending reports").
 */
import { NavLink } from 'react-router';
import { useViewer } from '../../../lib/auth.ts';
import { TEXT } from '../../../lib/messages.ts';
import { useModerationSummary } from '../api/get-summary.ts';
import styles from './moderation-link.module.css';

export function ModerationLink() {
  const viewer = useViewer();
  const summary = useModerationSummary(viewer.isStaff);
  if (!viewer.isStaff) return null;
  const pending = summary.data?.pending;
  return (
    <NavLink to="/admin/reports" className={styles.link}>
      {TEXT.moderation}
      {pending !== undefined && (
        <>
          {' '}
          <span className={styles.count} data-testid="pending-count">
            {pending}
          </span>
          <span className="visually-hidden">{TEXT.pendingCount(pending)}</span>
        </>
      )}
    </NavLink>
  );
}

/** Pending reports, for the phone's menu button: null for everyone but admins. */
export function usePendingReports(): number | null {
  const viewer = useViewer();
  const summary = useModerationSummary(viewer.isStaff);
  return viewer.isStaff ? (summary.data?.pending ?? null) : null;
}

/** The menu button's name with the pending reports: "Menu, 2 unread, 3 pending reports". */
export const withPending = (label: string, pending: number | null) =>
  pending ? `${label}, ${pending}${TEXT.pendingCount(pending)}` : label;

/**
 * The admin's pending count on the phone's menu button, in the corner the unread count
 * leaves free (its name says it in words: withPending).
 */
export function MenuPendingBadge({ pending }: { pending: number | null }) {
  if (!pending) return null;
  return (
    <span className={styles.menuPending} aria-hidden="true" data-testid="menu-pending-count">
      {pending}
    </span>
  );
}
