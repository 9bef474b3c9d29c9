/** A line of facts about a post (posted by, when, counts), separated by dots. */
import { ASKER_LABEL } from '@dating/contract';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import styles from './meta-line.module.css';

export function MetaLine({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cx(styles.meta, className)}>{children}</p>;
}

/** '(yours)' on the visitor's own posts. */
export function Yours({ children }: { children: ReactNode }) {
  return <span className={styles.yours}>{children}</span>;
}

/**
 * A thread pseudonym: "Asker" as a badge of its own, "Anon 1", "Anon 2"... plainly;
 * nothing for a deleted reply's placeholder (null).
 */
export function AuthorLabel({ label }: { label: string | null }) {
  if (label === null) return null;
  return (
    <span
      className={cx(styles.author, label === ASKER_LABEL && styles.asker)}
      data-testid="author-label"
      data-asker={label === ASKER_LABEL || undefined}
    >
      {label}
    </span>
  );
}
