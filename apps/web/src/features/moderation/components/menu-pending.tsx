/**
 * The staff's pending reports on the phone's menu button (its own module: the header's
 * "Moderation" link, ./moderation-link.tsx, loads only for admins and moderators).
 */
import { useViewer } from '../../../lib/auth.ts';
import { TEXT } from '../../../lib/messages.ts';
import { useModerationSummary } from '../api/get-summary.ts';
import styles from './moderation-link.module.css';

/** Pending reports, for the phone's menu button: null for everyone but admins and moderators. */
export function usePendingReports(): number | null {
  const viewer = useViewer();
  const summary = useModerationSummary(viewer.canModerate);
  return viewer.canModerate ? (summary.data?.pending ?? null) : null;
}

/** The menu button's name with the pending reports: "Menu, 2 unread, 3 pending reports". */
export const withPending = (label: string, pending: number | null) =>
  pending ? `${label}, ${TEXT.count(pending)}${TEXT.pendingCount(pending)}` : label;

/**
 * The admin's pending count on the phone's menu button, in the corner the unread count
 * leaves free (its name says it in words: withPending).
 */
export function MenuPendingBadge({ pending }: { pending: number | null }) {
  if (!pending) return null;
  return (
    <span className={styles.menuPending} aria-hidden="true" data-testid="menu-pending-count">
      {TEXT.count(pending)}
    </span>
  );
}
