/**
 * My Content for a visitor who is not signed in: the questions and replies of this tab's
 * private key (`GET /api/my/anonymous/`), a page at a time, with a way to restore another key.
 */
import { useEffect } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { markKeyInUse } from '../../../lib/anonymous-key.ts';
import { KEY_TEXT } from '../../../lib/key-messages.ts';
import { MSG, TEXT } from '../../../lib/messages.ts';
import { useAnonymousPosts } from '../api/get-anonymous-posts.ts';
import styles from './anonymous-posts.module.css';
import { useKeyDialogs } from './key-dialogs-context.ts';
import { PostList, PostListSkeleton } from './post-list.tsx';

function KeyPosts({ sessionKey }: { sessionKey: string }) {
  const posts = useAnonymousPosts(sessionKey);
  const hasPosts = (posts.data?.pages[0]?.items.length ?? 0) > 0;
  // The tab's key has posts: the header offers it ("My private key").
  useEffect(() => {
    if (hasPosts) markKeyInUse();
  }, [hasPosts]);
  return (
    <PagedList
      query={posts}
      placeholder={<PostListSkeleton />}
      errorMessage={() => MSG.loadContentFailed}
      empty={KEY_TEXT.noAnonymousPosts}
    >
      {(items) => <PostList posts={items} />}
    </PagedList>
  );
}

export function AnonymousPosts({ sessionKey }: { sessionKey: string | null }) {
  const dialogs = useKeyDialogs();
  return (
    <section aria-labelledby="anonymous-posts" className={styles.section}>
      <h2 id="anonymous-posts">{KEY_TEXT.anonymousPosts}</h2>
      <div className={styles.hint}>
        <p>{KEY_TEXT.anonymousHint}</p>
        <button
          type="button"
          className={buttonClass('default', 'small')}
          onClick={() => dialogs.openUseKey()}
        >
          {TEXT.useKey}
        </button>
      </div>
      {sessionKey !== null && <KeyPosts key={sessionKey} sessionKey={sessionKey} />}
    </section>
  );
}
