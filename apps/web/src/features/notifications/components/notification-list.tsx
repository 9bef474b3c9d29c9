/**
 * The inbox: newest first, a page at a time (Load more). Each item says what happened, how
 * many times, who acted (their pseudonym in the thread), on which question (its first
 * words), the new post's first words and when. The whole item opens the reply in its
 * thread: its title is a link stretched over it (notification-list.module.css), the rest
 * describing it. The thread, opened, marks its notifications read (lib/read-thread.ts); an
 * item that leads to no thread is marked read as it is opened. The list is read again
 * whenever the unread count changes (a new notification, or one read elsewhere).
 */
import type { Notification } from '@dating/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { CardListSkeleton, cardListClass } from '../../../components/ui/card-list.tsx';
import { AuthorLabel, MetaLine } from '../../../components/ui/meta-line.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cx } from '../../../lib/cx.ts';
import { unlessOffline } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useMarkRead, useNotifications } from '../api/notifications.ts';
import { useUnreadCount } from '../lib/live.ts';
import { NOTIFY, notificationHref, notificationText, questionWords } from '../lib/messages.ts';
import styles from './notification-list.module.css';

function NotificationItem({
  item,
  onOpen,
}: {
  item: Notification;
  onOpen: (item: Notification) => void;
}) {
  const href = notificationHref(item);
  const text = notificationText(item);
  const questionId = useId();
  const excerptId = useId();
  const hasExcerpt = item.excerpt !== '';
  const described = [item.question_text !== null && questionId, hasExcerpt && excerptId]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={cx(cardClass, styles.item, !item.read && styles.unread)}
      data-testid="notification"
      data-read={item.read}
    >
      {!item.read && <span className={styles.unreadMark}>{NOTIFY.unread}</span>}
      <Link
        to={href}
        className={styles.title}
        aria-describedby={described || undefined}
        onClick={() => onOpen(item)}
      >
        {text}
      </Link>
      {item.question_text !== null && (
        <p id={questionId} className={styles.question} data-testid="notification-question">
          {NOTIFY.onQuestion(questionWords(item.question_text))}
        </p>
      )}
      {hasExcerpt && (
        <p id={excerptId} className={styles.excerpt}>
          {item.excerpt}
        </p>
      )}
      <MetaLine>
        <AuthorLabel label={item.author_label} />
        <TimeAgo iso={item.created_at} />
      </MetaLine>
    </li>
  );
}

export function NotificationList() {
  const query = useNotifications(true);
  const markRead = useMarkRead();
  const toast = useToast();
  const queryClient = useQueryClient();
  const unread = useUnreadCount();

  // Something changed in the inbox (the live stream counted it again, or first counted it
  // after the list was read): read it again.
  const seenUnread = useRef(unread);
  useEffect(() => {
    const before = seenUnread.current;
    seenUnread.current = unread;
    if (unread !== null && before !== unread) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    }
  }, [unread, queryClient]);

  // A thread marks its own notifications read as it opens; anything else is read here.
  const open = (item: Notification) => {
    if (!item.read && item.question === null) markRead.mutate({ ids: [item.id] });
  };
  const markAll = () =>
    markRead.mutate(
      { all: true },
      { onError: (error) => toast.error(unlessOffline(error, NOTIFY.markAllFailed)) },
    );
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = (unread ?? 0) > 0 || items.some((item) => !item.read);

  return (
    <>
      <div className={styles.toolbar}>
        <p className={styles.intro}>{NOTIFY.intro}</p>
        <button
          type="button"
          className={buttonClass()}
          disabled={!anyUnread || markRead.isPending}
          onClick={markAll}
        >
          {markRead.isPending && markRead.variables?.all
            ? NOTIFY.markingAllRead
            : NOTIFY.markAllRead}
        </button>
      </div>
      <PagedList
        query={query}
        placeholder={<CardListSkeleton lines={['45%', undefined, '25%']} />}
        errorMessage={(error) => unlessOffline(error, NOTIFY.loadFailed)}
        empty={NOTIFY.empty}
      >
        {(loaded) => (
          <ul className={cardListClass} aria-label={NOTIFY.title}>
            {loaded.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={open} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
