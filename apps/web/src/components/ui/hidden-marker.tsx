import { SAFETY_TEXT } from '../../lib/safety-messages.ts';
import styles from './hidden-marker.module.css';

/**
 * On a post that auto-hide took out of view, as its author and admins see it:
 * everyone else sees only the notice.
 */
export function HiddenMarker() {
  return (
    <span className={styles.marker} data-testid="hidden-marker">
      {SAFETY_TEXT.hiddenMarker}
    </span>
  );
}
