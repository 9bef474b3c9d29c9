/**
 * The header. On a desktop the specification's items sit in one row: 'Ask a Question', 'My
 * Content', the greeting and Logout (or the private key's items, Login and Register), the
 * language menu and the theme toggle. On a
 * phone the row holds the brand, Ask and a menu button; the rest opens under it. The menu
 * is a disclosure: the button says whether it is open, focus moves into it on opening,
 * Escape (or a click outside, or focus leaving it) closes it, and focus returns to the button.
 */
import { type FocusEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass, iconButtonClass } from '../components/ui/button.ts';
import { KeyMenu } from '../features/anonymity/components/key-menu.tsx';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { LanguageMenu } from '../features/language/components/language-menu.tsx';
import {
  MenuPendingBadge,
  usePendingReports,
  withPending,
} from '../features/moderation/components/menu-pending.tsx';
import {
  MenuUnreadBadge,
  menuLabel,
  NotificationBell,
} from '../features/notifications/components/notification-bell.tsx';
import { useUnreadCount } from '../features/notifications/lib/live.ts';
import { ThemeToggle } from '../features/theme/components/theme-toggle.tsx';
import { useViewer } from '../lib/auth.ts';
import { cx } from '../lib/cx.ts';
import { TEXT } from '../lib/messages.ts';
import { whenPointerNears } from './idle-prefetch.ts';
import styles from './site-header.module.css';

// Admins only: loaded for them alone, off everyone else's first load.
const ModerationLink = lazy(async () => ({
  default: (await import('../features/moderation/components/moderation-link.tsx')).ModerationLink,
}));

const FOCUSABLE = 'a[href], button:not([disabled])';

export function SiteHeader({
  onAsk,
  onAskIntent,
}: {
  onAsk: () => void;
  /** The visitor is likely to open the dialog (pointer near the button, or focus on it). */
  onAskIntent: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  const { key } = useLocation();
  const unread = useUnreadCount();
  const pending = usePendingReports();
  const canModerate = useViewer().canModerate;

  // Any navigation closes the menu.
  const [shownFor, setShownFor] = useState(key);
  if (shownFor !== key) {
    setShownFor(key);
    setOpen(false);
  }

  useEffect(
    () => (ask.current ? whenPointerNears(ask.current, onAskIntent) : undefined),
    [onAskIntent],
  );

  useEffect(() => {
    if (!open) return;
    // The first item shown (an item only a desktop shows is in the menu but hidden).
    [...(menu.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
      .find((item) => item.offsetParent !== null)
      ?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !menu.current?.contains(next) && next !== button.current) close(false);
  };

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            ♥
          </span>
          {TEXT.brand}
        </Link>
        <div className={styles.actions}>
          <button
            ref={ask}
            type="button"
            className={buttonClass('primary')}
            onClick={onAsk}
            onFocus={onAskIntent}
          >
            {TEXT.ask}
            <span className={styles.askRest}>{TEXT.askRest}</span>
          </button>
          <button
            ref={button}
            type="button"
            className={cx(iconButtonClass, styles.menuButton)}
            aria-label={withPending(menuLabel(TEXT.menu, unread), pending)}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((o) => !o)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && open) close(true);
            }}
          >
            <span aria-hidden="true">☰</span>
            <MenuUnreadBadge unread={unread} />
            <MenuPendingBadge pending={pending} />
          </button>
          <nav
            ref={menu}
            id={menuId}
            className={styles.menu}
            data-open={open}
            aria-label={TEXT.mainNav}
            onBlur={onBlur}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && open) {
                event.stopPropagation();
                close(true);
              }
            }}
          >
            <NotificationBell />
            {canModerate && (
              <Suspense fallback={null}>
                <ModerationLink />
              </Suspense>
            )}
            <KeyMenu />
            <UserMenu />
            <LanguageMenu />
            <ThemeToggle className={styles.themeToggle} />
          </nav>
        </div>
      </div>
    </header>
  );
}
