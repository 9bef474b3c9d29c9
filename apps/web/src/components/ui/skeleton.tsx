import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

/** One line of placeholder text, `width` of its container (e.g. '60%'). */
export function SkeletonLine({ width = '100%' }: { width?: CSSProperties['width'] }) {
  return <span className={styles.line} style={{ width }} />;
}

/** A placeholder tag or button. */
export function SkeletonPill() {
  return <span className={styles.pill} />;
}
