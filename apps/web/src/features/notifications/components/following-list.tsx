/**
 * My Content's "Questions you follow" (`GET /api/my/following/`), a page at a time: each
 * links to its question by its first words, with since when it is followed. For an account,
 * or for this tab's key, which may follow questions without having posted any.
 */
import { questionPath } from '@dating/contract';
import { Link } from 'react-router';
import { cardClass } from '../../../components/ui/card.ts';
import {
  CardListSkeleton,
  cardListClass,
  cardTitleClass,
} from '../../../components/ui/card-list.tsx';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { unlessOffline } from '../../../lib/error-messages.ts';
import { type Follower, useFollowing } from '../api/get-following.ts';
import { NOTIFY, questionWords } from '../lib/messages.ts';
import styles from './following-list.module.css';

export function FollowingList({ who }: { who: Follower }) {
  const following = useFollowing(who);
  return (
    <section aria-labelledby="following" className={styles.section}>
      <h2 id="following">{NOTIFY.followingTitle}</h2>
      <p className={styles.hint}>{NOTIFY.followingHint}</p>
      <PagedList
        query={following}
        placeholder={<CardListSkeleton lines={['70%', '30%']} />}
        errorMessage={(error) => unlessOffline(error, NOTIFY.followingLoadFailed)}
        empty={NOTIFY.followingEmpty}
      >
        {(items) => (
          <ul className={cardListClass} data-testid="following">
            {items.map((item) => (
              <li key={item.question} className={cardClass}>
                <Link to={questionPath(item.question)} className={cardTitleClass}>
                  {item.question_text === null
                    ? NOTIFY.hiddenQuestion
                    : questionWords(item.question_text)}
                </Link>
                <MetaLine>
                  <span>
                    {NOTIFY.followedWhen} <TimeAgo iso={item.followed_at} />
                  </span>
                </MetaLine>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
