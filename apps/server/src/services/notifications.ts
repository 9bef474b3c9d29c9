/**
 * Who is told of what. Every function runs inside the transaction of the write that causes
 * the notification, so that both commit together or not at all, and nobody is ever told of
 * their own action:
 *
 * - a reply: the author of the answer it replies to ("answer_reply"), the asker and every
 *   follower of the question ("reply"), each once, with the most specific kind (written
 *   in the reply's own statement: repositories/answers.ts `writeReplies`);
 * - an update by the asker: the question's followers ("update");
 * - "This helped": the author of the answer ("helped");
 * - moderation hiding, removing or restoring a post: its author ("moderation": what
 *   happened, never who reported it).
 *
 * The asker and every answerer follow the question from their first post on, unless they
 * unfollowed it (repositories/follows.ts). The actor is named only by their pseudonym in
 * the thread ("Asker", "Anon 3"). Nobody is told of what they may not see
 * (presenters/ownership.ts `visibleTo`): while a question is hidden by reports, nobody but
 * its asker hears of its thread.
 */
import { ASKER_LABEL, LIMITS, type NotificationKind } from '@dating/contract';
import type { Author } from '../auth/identity.ts';
import type { Executor } from '../db/connection.ts';
import { recipientAsViewer, type Visibility, visibleTo } from '../presenters/ownership.ts';
import { followAutomatically, followerRows } from '../repositories/follows.ts';
import { type Notice, notify } from '../repositories/notifications.ts';

/** A post's author, as stored: an account or a key's hash (both null once deleted). */
export interface Authored {
  user_id: number | null;
  session_hash: Buffer | null;
}

/** One identity as a string, to tell recipients apart; null for nobody. */
function identityOf(who: Authored): string | null {
  if (who.user_id !== null) return `u${who.user_id}`;
  if (who.session_hash !== null) return `k${who.session_hash.toString('hex')}`;
  return null;
}

/** Plain text of a post, on one line, at most LIMITS.notificationExcerptMax characters. */
export function excerptOf(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  const max = LIMITS.notificationExcerptMax;
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Who is told with which kind: `candidates` in order of precedence (one identity is told
 * once, with the first kind it is listed under), without the actor, and only those who see
 * `post` in `question`.
 */
function noticesOf(
  actor: Authored,
  candidates: [NotificationKind, Authored][],
  post: Visibility,
  question: Visibility,
): Notice[] {
  const told = new Set<string | null>([identityOf(actor), null]);
  const notices: Notice[] = [];
  for (const [kind, who] of candidates) {
    const id = identityOf(who);
    if (told.has(id) || !visibleTo(recipientAsViewer(who), post, question)) continue;
    told.add(id);
    notices.push({ kind, recipient: who });
  }
  return notices;
}

/** The asker or an answerer posted in the question's thread: they follow it from now on. */
export function followOwnThread(tx: Executor, questionId: number, author: Author) {
  return followAutomatically(tx, questionId, author, LIMITS.followsMax);
}

/** The asker added an update: the question's followers are told. */
export async function tellOfUpdate(
  tx: Executor,
  question: { id: number } & Visibility,
  text: string,
) {
  const follows = (await followerRows(tx, question.id)).filter((row) => !row.muted);
  const notices = noticesOf(
    question,
    follows.map((row) => ['update', row]),
    question,
    question,
  );
  await notify(tx, notices, {
    questionId: question.id,
    answerId: null,
    excerpt: excerptOf(text),
    authorLabel: ASKER_LABEL,
  });
}

/** The asker marked an answer "This helped": its author is told. */
export async function tellOfHelped(
  tx: Executor,
  question: { id: number } & Visibility,
  answer: { id: number; text: string } & Visibility,
) {
  // The asker's act, in their question: told to whoever sees the question.
  await notify(tx, noticesOf(question, [['helped', answer]], question, question), {
    questionId: question.id,
    answerId: answer.id,
    excerpt: excerptOf(answer.text),
    authorLabel: ASKER_LABEL,
  });
}

/** What a moderation notice says: what happened to the post, never why or who. */
export const MODERATION_NOTICE = {
  question: {
    hidden: 'Your question is hidden while moderators review it.',
    removed: 'Your question was removed by moderators.',
    restored: 'Moderators reviewed your question: it shows again.',
  },
  answer: {
    hidden: 'Your reply is hidden while moderators review it.',
    removed: 'Your reply was removed by moderators.',
    restored: 'Moderators reviewed your reply: it shows again.',
  },
} as const;

/**
 * Moderators hid or removed a post: its author is told. A removed question is gone, so the
 * notice points at nothing; a removed reply's notice points at its question.
 */
export async function tellOfModeration(
  tx: Executor,
  post: { type: 'question' | 'answer'; id: number; questionId: number } & Authored,
  action: 'hidden' | 'removed' | 'restored',
) {
  const gone = action === 'removed';
  const notices: Notice[] =
    identityOf(post) === null ? [] : [{ kind: 'moderation', recipient: post }];
  await notify(tx, notices, {
    questionId: post.type === 'question' && gone ? null : post.questionId,
    answerId: post.type === 'answer' && !gone ? post.id : null,
    excerpt: MODERATION_NOTICE[post.type][action],
    authorLabel: null,
  });
}
