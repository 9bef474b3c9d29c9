import type { HiddenReason } from '@dating/contract';
import { TEXT } from '../../lib/messages.ts';
import { t } from '../../lib/t.ts';
import styles from './hidden-marker.module.css';

/**
 * On a post that auto-hide took out of view, as its author and admins see it:
 * everyone else sees only the notice. A post held for review by a watched word says
 * "Waiting for review" to its author.
 */
export function HiddenMarker({ reason = null }: { reason?: HiddenReason | null | undefined }) {
  return (
    <span className={styles.marker} data-testid="hidden-marker">
      {reason === 'watched_word' ? TEXT.waitingForReview : TEXT.hiddenMarker}
    </span>
  );
}

/**
 * The line its author alone gets under their hidden post: why it is hidden (never who
 * reported it), and that editing it sends it back to moderators.
 */
export function HiddenReasonLine({ reason }: { reason: HiddenReason | null | undefined }) {
  if (reason === null || reason === undefined) return null;
  return (
    <p className={styles.reason} data-testid="hidden-reason">
      {t('hiddenReasonLine', { reason })}
    </p>
  );
}
