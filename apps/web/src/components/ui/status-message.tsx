import type { ReactNode } from 'react';
import styles from './status-message.module.css';

/**
 * Loading and other states, announced politely. Load failures are a LoadError (with Retry);
 * where a skeleton shows the state to the eye, the words are for screen readers only.
 */
export function StatusMessage({
  children,
  visuallyHidden = false,
}: {
  children: ReactNode;
  visuallyHidden?: boolean;
}) {
  return (
    <p className={visuallyHidden ? 'visually-hidden' : styles.status} role="status">
      {children}
    </p>
  );
}
