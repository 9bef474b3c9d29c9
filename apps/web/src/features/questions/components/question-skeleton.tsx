/** Feed cards while the first page loads: the shape and size of a typical card. */
import { cardClass } from '../../../components/ui/card.ts';
import { SkeletonLine, SkeletonPill } from '../../../components/ui/skeleton.tsx';
import { cx } from '../../../lib/cx.ts';
import styles from './question-feed.module.css';

export function QuestionCardSkeleton() {
  return (
    <div className={cx(cardClass, styles.skeletonCard)} data-testid="question-skeleton">
      <SkeletonLine />
      <SkeletonLine />
      <SkeletonLine width="70%" />
      <SkeletonLine width="45%" />
      <div className={styles.skeletonTags}>
        <SkeletonPill />
        <SkeletonPill />
      </div>
      <div className={styles.skeletonFooter}>
        <SkeletonLine width="30%" />
      </div>
    </div>
  );
}
