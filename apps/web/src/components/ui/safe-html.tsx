import { useMemo } from 'react';
import { cx } from '../../lib/cx.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import styles from './rich-text.module.css';

/** Question HTML, always through DOMPurify with the contract's allowlist. */
export function SafeHtml({
  html,
  className,
  testId,
}: {
  html: string;
  className?: string | undefined;
  testId?: string;
}) {
  const clean = useMemo(() => ({ __html: sanitizeHtml(html) }), [html]);
  return (
    <div
      className={cx(styles.richText, className)}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify with the allowlist just above
      dangerouslySetInnerHTML={clean}
    />
  );
}
