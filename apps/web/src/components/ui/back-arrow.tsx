import styles from './back-arrow.module.css';

/**
 * The arrow of a way back: it points to where a line starts, left in English and Spanish,
 * right in Arabic. An arrow is not a mirrored character in Unicode, so the stylesheet turns
 * it; hidden from screen readers, for which the link's words say where it goes.
 */
export function BackArrow() {
  return (
    <span className={styles.arrow} aria-hidden="true" data-testid="back-arrow">
      ←
    </span>
  );
}
