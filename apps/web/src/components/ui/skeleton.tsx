import styles from './skeleton.module.css';

/**
 * The widths a placeholder line may take, as classes: a style attribute in the markup the
 * server draws would be refused by the Content-Security-Policy (no inline styles).
 */
const WIDTHS = {
  '20%': styles.w20,
  '25%': styles.w25,
  '30%': styles.w30,
  '35%': styles.w35,
  '40%': styles.w40,
  '45%': styles.w45,
  '55%': styles.w55,
  '60%': styles.w60,
  '70%': styles.w70,
  '80%': styles.w80,
  '100%': undefined,
} as const;

export type SkeletonWidth = keyof typeof WIDTHS;

/** One line of placeholder text, `width` of its container (e.g. '60%'). */
export function SkeletonLine({ width = '100%' }: { width?: SkeletonWidth }) {
  const sized = WIDTHS[width];
  return <span className={sized ? `${styles.line} ${sized}` : styles.line} />;
}

/** A placeholder tag or button. */
export function SkeletonPill() {
  return <span className={styles.pill} />;
}
