/**
 * My Content for a visitor who is not signed in: the questions and replies of this tab's
 * private key (`GET /api/my/anonymous/`), a page at a time, with a way to restore another key.
 */
import { useEffect } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
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
  if (posts.isPending) return <PostListSkeleton />;
  if (posts.isError) {
    return (
      <LoadError
        message={MSG.loadContentFailed}
        retrying={posts.isFetching}
        onRetry={() => void posts.refetch()}
      />
    );
  }
  const items = posts.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState>
        <p>{KEY_TEXT.noAnonymousPosts}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <PostList posts={items} />
      {posts.hasNextPage && (
        <LoadMore loading={posts.isFetchingNextPage} onLoad={() => void posts.fetchNextPage()} />
      )}
    </>
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
