/** Class names of the app's buttons (also used on links that look like buttons). */
import { cx } from '../../lib/cx.ts';
import styles from './button.module.css';

export type ButtonVariant = 'default' | 'primary' | 'ghost' | 'danger' | 'dangerGhost';

export function buttonClass(
  variant: ButtonVariant = 'default',
  size: 'normal' | 'small' = 'normal',
  extra?: string,
): string {
  return cx(
    styles.button,
    variant !== 'default' && styles[variant],
    size === 'small' && styles.small,
    extra,
  );
}

/** A round button holding one symbol (close, theme, menu). */
export const iconButtonClass = styles.icon;

/** A button that reads as a link inside text. */
export const linkButtonClass = styles.link;
