/**
 * The silenced author's banner: their own silence (from `GET /api/user/status/`, for their
 * account or this tab's key), why and until when. Nobody else is told.
 */
import { useViewer } from '../../../lib/auth.ts';
import { MODERATION_TEXT } from '../lib/messages.ts';
import styles from './moderation-panels.module.css';

export function SilencedBanner() {
  const { silenced } = useViewer();
  if (silenced === null) return null;
  return (
    <section className={styles.banner} role="status" data-testid="silenced-banner">
      <strong>{MODERATION_TEXT.bannerTitle}</strong>{' '}
      {MODERATION_TEXT.banner(silenced.until, silenced.reason)}
    </section>
  );
}
