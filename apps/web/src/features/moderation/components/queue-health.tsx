/**
 * The queue's health at a glance, on the moderation screen: pending reports, how long the
 * oldest has waited, and the median time to review over the last 7 days.
 */
import { useModerationSummary } from '../api/get-summary.ts';
import { MODERATION_TEXT } from '../lib/messages.ts';
import styles from './moderation-panels.module.css';

export function QueueHealth() {
  const summary = useModerationSummary(true);
  const data = summary.data;
  if (!data) return null;
  return (
    <section
      className={styles.health}
      aria-label={MODERATION_TEXT.health}
      data-testid="queue-health"
    >
      <span>{MODERATION_TEXT.pending(data.pending)}</span>
      <span>{MODERATION_TEXT.oldest(data.oldest_pending_age_seconds)}</span>
      <span>{MODERATION_TEXT.median(data.median_review_seconds_7d)}</span>
    </section>
  );
}
