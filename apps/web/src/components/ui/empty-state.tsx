import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/** 'No replies yet.' and the like: a quiet box with the message (and maybe an action). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <div className={styles.empty}>{children}</div>;
}
