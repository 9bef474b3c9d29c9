/**
 * The calm panel shown after posting about a crisis, beside that post. It stays small (on a
 * phone at most about a third of the screen): one sentence, the first two places to turn to,
 * and "More help", which opens the rest: the server's whole message (with the emergency
 * numbers) and per category a short message and its places (names, descriptions, links and
 * phone numbers). The post itself is published as usual. A labelled region that takes focus
 * when it appears, so that a screen reader reads it; Dismiss closes it and focus goes back
 * to the post it follows.
 */
import type { SafetyResource, SupportPanel as SupportPanelData } from '@dating/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { focusPostBefore } from '../../lib/focus-post.ts';
import { SAFETY_TEXT } from '../../lib/safety-messages.ts';
import { buttonClass } from './button.ts';
import styles from './support-panel.module.css';

/** How many places to turn to show before "More help". */
const FIRST_RESOURCES = 2;

/** The first sentence of `text` (all of it when it has one). */
function firstSentence(text: string): string {
  const match = /^.*?[.!?](?=\s|$)/s.exec(text.trim());
  return match ? match[0] : text.trim();
}

const resourceKey = (resource: SafetyResource) => `${resource.name}-${resource.region}`;

function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{SAFETY_TEXT.call(phone)}</a>;
}

/** One place on a line: its name (a link), its region, and its number to call. */
function ShortResource({ resource }: { resource: SafetyResource }) {
  return (
    <li className={styles.short}>
      {resource.url ? (
        <a href={resource.url} target="_blank" rel="noopener noreferrer" className={styles.name}>
          {resource.name}
        </a>
      ) : (
        <span className={styles.name}>{resource.name}</span>
      )}{' '}
      <span className={styles.region}>({resource.region})</span>
      {resource.phone && (
        <>
          {' · '}
          <PhoneLink phone={resource.phone} />
        </>
      )}
    </li>
  );
}

function FullResource({ resource }: { resource: SafetyResource }) {
  return (
    <li className={styles.resource}>
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
      {resource.description && <p className={styles.description}>{resource.description}</p>}
      {resource.phone && (
        <p className={styles.phone}>
          <PhoneLink phone={resource.phone} />
        </p>
      )}
    </li>
  );
}

export default function SupportPanel({
  panel,
  afterPost,
  onDismiss,
}: {
  panel: SupportPanelData;
  /** Drawn right after the post that brought it (not at the top of the page). */
  afterPost: boolean;
  onDismiss: () => void;
}) {
  const headingId = useId();
  const moreId = useId();
  const region = useRef<HTMLElement>(null);
  const [more, setMore] = useState(false);

  // A frame later: after the thread has scrolled to and focused the new post, the panel
  // beside it takes the focus and comes into view (if it is not already).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      region.current?.focus({ preventScroll: true });
      region.current?.scrollIntoView({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const first = panel.sections[0];
  const shown = new Set((first?.resources ?? []).slice(0, FIRST_RESOURCES).map(resourceKey));
  const dismiss = () => {
    const element = region.current;
    onDismiss();
    if (afterPost) focusPostBefore(element);
  };

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
          onClick={dismiss}
        >
          {SAFETY_TEXT.dismiss}
        </button>
      </div>
      {first && <p className={styles.summary}>{firstSentence(first.message)}</p>}
      <ul className={styles.shortList}>
        {(first?.resources ?? []).slice(0, FIRST_RESOURCES).map((resource) => (
          <ShortResource key={resourceKey(resource)} resource={resource} />
        ))}
      </ul>
      <button
        type="button"
        className={buttonClass('default', 'small')}
        aria-expanded={more}
        aria-controls={moreId}
        onClick={() => setMore((open) => !open)}
      >
        {SAFETY_TEXT.moreHelp}
      </button>
      <div id={moreId} hidden={!more} className={styles.more}>
        <p className={styles.message}>
          {panel.message} {SAFETY_TEXT.supportPosted}
        </p>
        {panel.sections.map((section) => {
          const rest = section.resources.filter((resource) => !shown.has(resourceKey(resource)));
          return (
            <section key={section.category} className={styles.section}>
              <h3 className={styles.title}>{section.title}</h3>
              <p className={styles.message}>{section.message}</p>
              {rest.length > 0 && (
                <ul className={styles.resources}>
                  {rest.map((resource) => (
                    <FullResource key={resourceKey(resource)} resource={resource} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
