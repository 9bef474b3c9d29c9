import { useOnline } from '../../hooks/use-online.ts';
import { TEXT } from '../../lib/messages.ts';
import styles from './offline-banner.module.css';

/** Says so while the browser is offline; requests then fail at once with the same words. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status">{!online && <p className={styles.banner}>{TEXT.offlineBanner}</p>}</div>
  );
}
