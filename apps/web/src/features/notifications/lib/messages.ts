/** The inbox's words: the header bell, the notifications page, Follow, new replies. */
import { LIMITS, type Notification, notificationPath } from '@dating/contract';

export const NOTIFY = {
  title: 'Notifications',
  /** The bell's name with the count in words. */
  bellUnread: (n: number) => (n === 1 ? 'Notifications, 1 unread' : `Notifications, ${n} unread`),
  /** What the phone's menu button adds to its name. */
  unreadInMenu: (n: number) => `${n} unread`,
  intro: 'Replies to your questions and replies, and news of the questions you follow.',
  empty: 'Nothing yet. When someone replies to you, it shows here.',
  noIdentity:
    "Notifications come to an account, or to this tab's private key once it has posted. Log in, or ask a question.",
  loadFailed: "Couldn't load your notifications.",
  markAllRead: 'Mark all as read',
  markingAllRead: 'Marking as read…',
  markAllFailed: "Couldn't mark your notifications as read.",
  unread: 'Unread',
  follow: 'Follow',
  following: 'Following',
  followed: "You'll be told of new replies to this question.",
  unfollowed: 'You no longer follow this question.',
  followFailed: "Couldn't change whether you follow this question.",
  newReplies: (n: number) => (n === 1 ? 'Show 1 new reply' : `Show ${n} new replies`),
  /** The question an item is about, in its first words (cut ones end in an ellipsis). */
  onQuestion: (text: string) => `On “${text}”`,
  followingTitle: 'Questions you follow',
  followingHint: 'New replies and updates to these reach your notifications.',
  followingEmpty: 'Nothing followed yet. Follow a question to hear of its new replies.',
  followingLoadFailed: "Couldn't load the questions you follow.",
  followedWhen: 'Followed',
  hiddenQuestion: 'A question hidden while moderators review it',
  /** The thread on screen was deleted, or hidden while moderators review it. */
  unavailable: 'This question is no longer available.',
} as const;

/**
 * A question's first words as the server sends them (at most LIMITS.questionTextExcerptMax
 * characters): one that long was most likely cut, and says so with an ellipsis.
 */
export function questionWords(text: string): string {
  return [...text].length >= LIMITS.questionTextExcerptMax ? `${text.trimEnd()}…` : text;
}

/** What one notification is about, in words ("2 new replies, the latest from Anon 3"). */
export function notificationText(item: Pick<Notification, 'kind' | 'count' | 'author_label'>) {
  const who = item.author_label ?? 'Someone';
  const n = item.count;
  switch (item.kind) {
    case 'reply':
      return n === 1 ? `New reply from ${who}` : `${n} new replies, the latest from ${who}`;
    case 'answer_reply':
      return n === 1
        ? `${who} replied to your reply`
        : `${n} replies to your reply, the latest from ${who}`;
    case 'update':
      return n === 1
        ? 'The asker updated a question you follow'
        : `The asker updated a question you follow (${n} updates)`;
    case 'helped':
      return n === 1
        ? 'The asker marked your reply "This helped"'
        : `The asker marked ${n} of your replies "This helped"`;
    case 'moderation':
      return n === 1 ? 'Moderators acted on your post' : `Moderators acted on ${n} of your posts`;
  }
}

/**
 * Where a notification opens, as its push does (contract: notificationPath): the reply in
 * its thread, else the question, else (a removed question is gone) the author's own content.
 */
export function notificationHref(item: Pick<Notification, 'kind' | 'question' | 'answer'>) {
  return notificationPath(item.kind, item.question, item.answer);
}

/** The title with "(n) " in front while anything is unread (and never twice). */
export function titleWithUnread(title: string, unread: number | null): string {
  const base = title.replace(/^\(\d+\) /, '');
  return unread ? `(${unread}) ${base}` : base;
}
