/**
 * The header's bell: a link to the notifications page with the unread count, kept live by
 * the event stream, for visitors with an identity (signed in, or a key with posts in this
 * tab). It also keeps the count in front of the tab's title. On a phone it is an item of
 * the menu, whose button carries the count (site-header.tsx).
 */
import { NavLink } from 'react-router';
import { useLiveIdentity, useUnreadCount, useUnreadTitle } from '../lib/live.ts';
import { NOTIFY } from '../lib/messages.ts';
import styles from './notification-bell.module.css';

export function NotificationBell() {
  const identified = useLiveIdentity();
  const unread = useUnreadCount();
  useUnreadTitle(identified ? unread : null);
  if (!identified) return null;
  return (
    <NavLink
      to="/notifications"
      className={styles.bell}
      aria-label={unread ? NOTIFY.bellUnread(unread) : NOTIFY.title}
    >
      <span className={styles.icon} aria-hidden="true">
        🔔
      </span>
      <span className={styles.label} aria-hidden="true">
        {NOTIFY.title}
      </span>
      {unread ? (
        <span className={styles.count} aria-hidden="true" data-testid="unread-count">
          {unread}
        </span>
      ) : null}
    </NavLink>
  );
}

/** The count on the phone's menu button (its name says it in words: menuLabel). */
export function MenuUnreadBadge({ unread }: { unread: number | null }) {
  if (!unread) return null;
  return (
    <span className={styles.menuCount} aria-hidden="true" data-testid="menu-unread-count">
      {unread}
    </span>
  );
}

/** The phone's menu button's name: "Menu", or "Menu, 2 unread". */
export const menuLabel = (menu: string, unread: number | null) =>
  unread ? `${menu}, ${NOTIFY.unreadInMenu(unread)}` : menu;
