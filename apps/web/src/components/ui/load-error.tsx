/** A load failure ('Failed to load posts.' and the others, spec §8) with a way to try again. */
import { TEXT } from '../../lib/messages.ts';
import { buttonClass } from './button.ts';
import styles from './load-error.module.css';

export function LoadError({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div className={styles.loadError}>
      <p className={styles.message} role="alert">
        {message}
      </p>
      <button
        type="button"
        className={buttonClass('default', 'small')}
        disabled={retrying}
        onClick={onRetry}
      >
        {retrying ? TEXT.retrying : TEXT.retry}
      </button>
    </div>
  );
}
