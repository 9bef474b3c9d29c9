/**
 * 'Perspectives': how many replies came from each gender and each age group, each a link
 * that filters the thread to that group (a second group of the other kind narrows it
 * further; the chosen one again lifts it). The choice lives in the address, so Back and
 * Forward and a copied link keep it; 'All replies' goes back to the whole thread. On a phone
 * (below 640 px) it folds into one line above the replies, its heading a button that opens it.
 */
import {
  AGE_RANGES,
  type AgeRange,
  GENDERS,
  type Gender,
  type Perspectives,
} from '@dating/contract';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cardClass } from '../../../components/ui/card.ts';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { cx } from '../../../lib/cx.ts';
import { AGE_RANGE_LABELS, GENDER_LABELS, OUTCOME_UI, TEXT } from '../../../lib/messages.ts';
import { isPerspective, type Perspective, perspectiveSearch } from '../lib/perspective-params.ts';
import styles from './perspectives-bar.module.css';

interface Choice {
  key: string;
  label: string;
  count: number;
  selected: boolean;
  /** The perspective this link leads to. */
  next: Perspective;
}

function ChoiceList({ label, choices }: { label: string; choices: Choice[] }) {
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  return (
    <div className={styles.group}>
      <span className={styles.groupLabel} aria-hidden="true">
        {label}
      </span>
      <ul className={styles.choices} aria-label={label}>
        {choices.map((choice) => (
          <li key={choice.key}>
            <Link
              to={{ search: perspectiveSearch(current, choice.next) }}
              preventScrollReset
              className={cx(styles.choice, choice.selected && styles.selected)}
              aria-current={choice.selected ? 'true' : undefined}
              aria-label={`${choice.label}: ${TEXT.replyCount(choice.count)}`}
              data-testid={`perspective-${choice.key}`}
            >
              {choice.label} <span className={styles.count}>{choice.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PerspectivesBar({
  perspectives,
  perspective,
}: {
  perspectives: Perspectives;
  perspective: Perspective;
}) {
  const headingId = useId();
  const choicesId = useId();
  const location = useLocation();
  // Only a phone's layout reads it (CSS): there the choices wait behind the heading.
  const [unfolded, setUnfolded] = useState(false);
  const hydrated = useHydrated();
  const genders: Choice[] = GENDERS.map((gender: Gender) => {
    const selected = perspective.gender === gender;
    return {
      key: gender,
      label: GENDER_LABELS[gender],
      count: perspectives.gender[gender],
      selected,
      next: { ...perspective, gender: selected ? undefined : gender },
    };
  });
  const ages: Choice[] = AGE_RANGES.map((age: AgeRange) => {
    const selected = perspective.age === age;
    return {
      key: age,
      label: AGE_RANGE_LABELS[age],
      count: perspectives.age_range[age],
      selected,
      next: { ...perspective, age: selected ? undefined : age },
    };
  });
  return (
    <section className={cx(cardClass, styles.bar)} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={unfolded}
            aria-controls={choicesId}
            disabled={!hydrated}
            onClick={() => setUnfolded((open) => !open)}
          >
            {OUTCOME_UI.perspectives}
            <span className={styles.chevron} aria-hidden="true" />
          </button>
          <span className={styles.title}>{OUTCOME_UI.perspectives}</span>
        </h2>
        {isPerspective(perspective) && (
          <Link
            to={{ search: perspectiveSearch(new URLSearchParams(location.search), {}) }}
            preventScrollReset
            className={styles.all}
          >
            {OUTCOME_UI.allReplies}
          </Link>
        )}
      </div>
      <div id={choicesId} className={cx(!unfolded && styles.folded)}>
        <ChoiceList label={OUTCOME_UI.gender} choices={genders} />
        <ChoiceList label={OUTCOME_UI.age} choices={ages} />
      </div>
    </section>
  );
}
