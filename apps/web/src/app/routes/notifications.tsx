import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.ts';
import { cardClass } from '../../components/ui/card.ts';
import { StatusMessage } from '../../components/ui/status-message.tsx';
import { NotificationList } from '../../features/notifications/components/notification-list.tsx';
import { PushToggle } from '../../features/notifications/components/push-toggle.tsx';
import { useHasInbox } from '../../features/notifications/lib/live.ts';
import { NOTIFY } from '../../features/notifications/lib/messages.ts';
import { useViewer } from '../../lib/auth.ts';
import { cx } from '../../lib/cx.ts';
import { TEXT, UI } from '../../lib/messages.ts';
import styles from './routes.module.css';

export function NotificationsRoute() {
  const viewer = useViewer();
  const hasInbox = useHasInbox();
  return (
    <div>
      <title>{`${NOTIFY.title} · ${TEXT.brand}`}</title>
      <h1>{NOTIFY.title}</h1>
      {viewer.loading ? (
        <StatusMessage>{UI.loading}</StatusMessage>
      ) : hasInbox ? (
        <>
          {/* Web Push on this device, for the account or the key. */}
          <PushToggle />
          <NotificationList />
        </>
      ) : (
        <div className={cx(cardClass, styles.centered)}>
          <p>{NOTIFY.noIdentity}</p>
          <Link to="/login" className={buttonClass('primary')}>
            {TEXT.login}
          </Link>
        </div>
      )}
    </div>
  );
}
