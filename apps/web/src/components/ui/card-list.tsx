/**
 * A list of cards (My Content, the report queue, the activity log), its placeholder while
 * it loads, and the title link a card opens with.
 */
import { UI } from '../../lib/messages.ts';
import { cardClass } from './card.ts';
import styles from './card-list.module.css';
import { SkeletonLine, type SkeletonWidth } from './skeleton.tsx';
import { StatusMessage } from './status-message.tsx';

/** The `<ul>` of cards, a little apart. */
export const cardListClass = styles.list;
/** A card's title link: bold, cut after three lines. */
export const cardTitleClass = styles.title;

/**
 * Two placeholder cards of `lines` (each a width, such as '60%'), hidden from assistive
 * technology, which hears 'Loading…' instead.
 */
export function CardListSkeleton({
  lines,
  className = cardListClass,
  testId,
}: {
  lines: (SkeletonWidth | undefined)[];
  className?: string;
  testId?: string;
}) {
  return (
    <>
      <StatusMessage visuallyHidden>{UI.loading}</StatusMessage>
      <ul className={className} aria-hidden="true" data-testid={testId}>
        {[0, 1].map((i) => (
          <li key={i} className={cardClass}>
            {lines.map((width, line) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders that never move
              <SkeletonLine key={line} width={width} />
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}
