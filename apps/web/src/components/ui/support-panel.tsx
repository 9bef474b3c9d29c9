/**
 * The calm panel shown after posting about a crisis: the server's supportive
 * sentence, then per category a short message and places to turn to (names, descriptions,
 * links and phone numbers). The post itself is published as usual. A labelled region that
 * takes focus when it appears, so that a screen reader reads it; Dismiss closes it.
 */
import type { SupportPanel as SupportPanelData } from '@dating/contract';
import { useEffect, useId, useRef } from 'react';
import { SAFETY_TEXT } from '../../lib/safety-messages.ts';
import { buttonClass } from './button.ts';
import styles from './support-panel.module.css';

export default function SupportPanel({
  panel,
  onDismiss,
}: {
  panel: SupportPanelData;
  onDismiss: () => void;
}) {
  const headingId = useId();
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    region.current?.scrollIntoView({ block: 'nearest' });
    region.current?.focus({ preventScroll: true });
  }, []);

  return (
    <section
      ref={region}
      className={styles.panel}
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="support-panel"
    >
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading}>
          {SAFETY_TEXT.supportHeading}
        </h2>
        <button
          type="button"
          className={buttonClass('ghost', 'small')}
          aria-label={SAFETY_TEXT.dismissSupport}
          onClick={onDismiss}
        >
          {SAFETY_TEXT.dismiss}
        </button>
      </div>
      <p className={styles.message}>
        {panel.message} {SAFETY_TEXT.supportPosted}
      </p>
      {panel.sections.map((section) => (
        <section key={section.category} className={styles.section}>
          <h3 className={styles.title}>{section.title}</h3>
          <p className={styles.message}>{section.message}</p>
          <ul className={styles.resources}>
            {section.resources.map((resource) => (
              <li key={`${resource.name}-${resource.region}`} className={styles.resource}>
                <p className={styles.name}>
                  {resource.url ? (
                    <a href={resource.url} target="_blank" rel="noopener noreferrer">
                      {resource.name}
                    </a>
                  ) : (
                    resource.name
                  )}{' '}
                  <span className={styles.region}>({resource.region})</span>
                </p>
                {resource.description && (
                  <p className={styles.description}>{resource.description}</p>
                )}
                {resource.phone && (
                  <p className={styles.phone}>
                    <a href={`tel:${resource.phone.replace(/[^\d+]/g, '')}`}>
                      {SAFETY_TEXT.call(resource.phone)}
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
