/**
 * The header's bell: a link to the notifications page with the unread count, kept live by
 * the event stream, for visitors with an identity (signed in, or a key with posts in this
 * tab). It also keeps the count in front of the tab's title. On a phone it is an item of
 * the menu, whose button carries the count (site-header.tsx).
 */
import { NavLink } from 'react-router';
import { TEXT } from '../../../lib/messages.ts';
import { useLiveIdentity, useUnreadCount, useUnreadTitle } from '../lib/live.ts';
import { NOTIFY } from '../lib/messages.ts';
import styles from './notification-bell.module.css';

/** Drawn, not an emoji: every system shows it alike (some have no emoji font). */
function BellIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 2a1.5 1.5 0 0 0-1.5 1.5v.6A6.5 6.5 0 0 0 5.5 10.5v4.2L3.8 17.3A1 1 0 0 0 4.6 19h14.8a1 1 0 0 0 .8-1.7l-1.7-2.6v-4.2a6.5 6.5 0 0 0-5-6.4v-.6A1.5 1.5 0 0 0 12 2Zm-2.4 18a2.5 2.5 0 0 0 4.8 0Z"
      />
    </svg>
  );
}

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
      <BellIcon />
      <span className={styles.label} aria-hidden="true">
        {NOTIFY.title}
      </span>
      {unread ? (
        <span className={styles.count} aria-hidden="true" data-testid="unread-count">
          {TEXT.count(unread)}
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
      {TEXT.count(unread)}
    </span>
  );
}

/** The phone's menu button's name: "Menu", or "Menu, 2 unread". */
export const menuLabel = (menu: string, unread: number | null) =>
  unread ? `${menu}, ${NOTIFY.unreadInMenu(unread)}` : menu;
