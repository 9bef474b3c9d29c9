/**
 * The inbox's words: the header bell, the notifications page, Follow, new replies; in the
 * page's language (the catalogues' 'NOTIFY.' messages, read when drawn).
 */
import { LIMITS, type Notification, notificationPath } from '@dating/contract';
import { i18n } from '../../../lib/i18n.ts';
import { groupText, pseudonym } from '../../../lib/messages.ts';

export const NOTIFY = groupText('NOTIFY', {
  /** The bell's name with the count in words. */
  bellUnread: (n: number) => ({ n }),
  /** What the phone's menu button adds to its name. */
  unreadInMenu: (n: number) => ({ n }),
  newReplies: (n: number) => ({ n }),
  /** The question an item is about, in its first words (cut ones end in an ellipsis). */
  onQuestion: (text: string) => ({ text }),
});

/**
 * A question's first words as the server sends them (at most LIMITS.questionTextExcerptMax
 * characters): one that long was most likely cut, and says so with an ellipsis.
 */
export function questionWords(text: string): string {
  return [...text].length >= LIMITS.questionTextExcerptMax ? `${text.trimEnd()}…` : text;
}

/** What one notification is about, in words ("2 new replies, the latest from Anon 3"). */
export function notificationText(item: Pick<Notification, 'kind' | 'count' | 'author_label'>) {
  const who = item.author_label === null ? i18n._('NOTIFY.someone') : pseudonym(item.author_label);
  return i18n._(`NOTIFY.${item.kind}`, { n: item.count, who });
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
