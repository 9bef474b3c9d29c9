/**
 * The calm inline warning of the personal-info guard: what was found, each
 * with the contract's message ("This looks like a phone number. People who know you could
 * recognise you.") and one button to replace it with [removed]. It never blocks posting.
 * A polite live region, so a screen reader hears what appears without losing its place.
 */
import { useId } from 'react';
import { usePersonalInfo } from '../../hooks/use-personal-info.ts';
import { PII_MSG } from '../../lib/messages.ts';
import { type FoundItem, locate } from '../../lib/personal-info.ts';
import { SAFETY_TEXT } from '../../lib/safety-messages.ts';
import { buttonClass } from './button.ts';
import styles from './personal-info-note.module.css';

export function PersonalInfoNote({
  items,
  onRedact,
}: {
  items: FoundItem[];
  onRedact: (item: FoundItem) => void;
}) {
  const titleId = useId();
  return (
    <div role="status" data-testid="personal-info-note">
      {items.length > 0 && (
        <section className={styles.note} aria-labelledby={titleId}>
          <p id={titleId} className={styles.title}>
            {SAFETY_TEXT.piiHeading}
          </p>
          <p className={styles.intro}>{SAFETY_TEXT.piiIntro}</p>
          <ul className={styles.items}>
            {items.map((item) => (
              <li key={`${item.kind}-${item.start}-${item.text}`} className={styles.item}>
                <span>
                  {PII_MSG[item.kind]} <q className={styles.found}>{item.text}</q>
                </span>
                <button
                  type="button"
                  className={buttonClass('default', 'small')}
                  aria-label={SAFETY_TEXT.redactItem(item.text)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onRedact(item)}
                >
                  {SAFETY_TEXT.redact}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The warning under a plain-text box (replies and their edit boxes). */
export function PlainTextPersonalInfo({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { items, guard } = usePersonalInfo(value);
  return (
    <PersonalInfoNote
      items={items}
      onRedact={(item) => {
        if (!guard) return;
        const found = locate(guard, value, item);
        if (found) onChange(guard.redactPersonalInfo(value, [found]));
      }}
    />
  );
}
