import { useMemo } from 'react';
import { sanitizeHtml } from '../../lib/html.ts';

/** Question HTML, always through DOMPurify with the contract's allowlist. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => ({ __html: sanitizeHtml(html) }), [html]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify with the allowlist just above
    <div className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={clean} />
  );
}
