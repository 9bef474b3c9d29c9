/**
 * Who sees what, in one place: `user` and `session_id` appear only on the requester's own
 * items, so no response ties two posts to one author; hidden items show whole only to their
 * author and admins; and whether a viewer sees exactly what a stranger sees, which every
 * cache of strangers' responses asks before it serves one.
 */
import { API_MSG, HIDDEN_REASONS, type HiddenReason, type Rights } from '@dating/contract';
import { isOwner, type Viewer } from '../auth/identity.ts';
import { moderates } from '../auth/roles.ts';

export function ownershipFields(
  viewer: Viewer,
  row: { user_id: number | null; session_hash: Buffer | null },
) {
  const ownUser = viewer.user !== null && row.user_id === viewer.user.id;
  const ownSession =
    viewer.sessionHash !== null &&
    row.session_hash !== null &&
    viewer.sessionHash.equals(row.session_hash);
  return {
    user: ownUser ? row.user_id : null,
    session_id: ownSession ? viewer.sessionId : null,
  };
}

/**
 * Whether the viewer sees a hidden item (hidden while moderators review it) as it is: its
 * author and admins do; everybody else gets a notice in its place.
 */
export function seesHidden(
  viewer: Viewer,
  row: { user_id: number | null; session_hash: Buffer | null },
): boolean {
  return moderates(viewer.user) || isOwner(viewer, row);
}

/**
 * Why a hidden post is hidden, for its author alone (not even admins, who have the queue):
 * the reason most reporters gave, or a watched word; never who reported it. Null for
 * everyone else, and when the post shows.
 */
export function hiddenReasonFor(
  viewer: Viewer,
  row: {
    user_id: number | null;
    session_hash: Buffer | null;
    hidden_at: Date | null;
    hidden_reason?: string | null;
  },
): HiddenReason | null {
  return isOwner(viewer, row) ? hiddenReasonOf(row) : null;
}

/** Why the post is hidden (`other` when nothing was kept); null when it shows. */
export function hiddenReasonOf(row: {
  hidden_at: Date | null;
  hidden_reason?: string | null;
}): HiddenReason | null {
  if (row.hidden_at === null) return null;
  const reason = row.hidden_reason ?? 'other';
  return (HIDDEN_REASONS as readonly string[]).includes(reason)
    ? (reason as HiddenReason)
    : 'other';
}

/** What whether a post shows is read from: its author, and whether it is hidden. */
export interface Visibility {
  user_id: number | null;
  session_hash: Buffer | null;
  hidden_at: Date | null;
}

/**
 * Whether `viewer` sees `post` (a question, or a reply) at all, on every path that shows
 * it or acts on it: reading it by id, its likes, its thread, its notifications, its event
 * stream. `question` is the question it belongs to (the post itself for a question).
 *
 * - Admins see everything.
 * - Its author sees their own post: their own words show them nothing new.
 * - A post hidden while moderators review it shows to nobody else.
 * - Under a hidden question, everything (its replies, those posted after the hide too, and
 *   its updates) shows only to the question's author: a thread hidden with its question.
 *
 * Anyone else, who may not see it, is answered as if it were not there (404). A stranger
 * (no account, no key) sees what is hidden from nobody; what strangers see is all any
 * notice, excerpt or event may show (repositories that read for strangers filter alike).
 */
export function visibleTo(viewer: Viewer, post: Visibility, question: Visibility): boolean {
  if (moderates(viewer.user) || isOwner(viewer, post)) return true;
  if (post.hidden_at !== null) return false;
  return question.hidden_at === null || isOwner(viewer, question);
}

/**
 * The plain text of the question of one's own reply, as the viewer sees it: a question
 * hidden from them by reports shows its notice instead (presenters/ownership.ts).
 */
export function questionTextFor(
  viewer: Viewer,
  question: {
    text: string;
    user_id: number | null;
    session_hash: Buffer | null;
    hidden_at: Date | null;
  },
): string {
  return visibleTo(viewer, question, question) ? question.text : API_MSG.hiddenQuestion;
}

/** An inbox's owner as the viewer they are when they read: never an admin there. */
export function recipientAsViewer(recipient: {
  user_id: number | null;
  session_hash: Buffer | null;
}): Viewer {
  return {
    user:
      recipient.user_id === null
        ? null
        : { id: recipient.user_id, username: '', is_staff: false, is_moderator: false },
    sessionId: null,
    sessionHash: recipient.session_hash,
    activity: null,
  };
}

/** Nothing at all: a deleted reply's placeholder, or a post hidden from the viewer. */
const NO_RIGHTS: Rights = Object.freeze({
  edit: false,
  delete: false,
  reply: false,
  report: false,
});

/**
 * What `viewer` may do with a question or an answer (`can` of every response that shows
 * one), as the commands decide it (services/posts.ts, services/reports.ts): its author (the
 * account, or the anonymous key that wrote it) edits it; its author or an admin deletes it;
 * anyone who sees it whole replies under it (a post hidden while moderators review it shows
 * whole only to its author and admins, the rule of `replyTo`); anyone but its author reports
 * it. A deleted reply's placeholder, and a post hidden from the viewer, offer nothing.
 * Whoever wrote none of the posts and is no admin gets a stranger's rights, so a response
 * kept for strangers (`seesAsStranger`) holds the right ones.
 */
export function rightsOf(
  viewer: Viewer,
  row: {
    user_id: number | null;
    session_hash: Buffer | null;
    hidden_at: Date | null;
    is_deleted?: boolean;
  },
): Rights {
  if (row.is_deleted === true) return NO_RIGHTS;
  const own = isOwner(viewer, row);
  const staff = moderates(viewer.user);
  if (row.hidden_at !== null && !own && !staff) return NO_RIGHTS;
  return { edit: own, delete: own || staff, reply: true, report: !own };
}

/**
 * Everything a response can show one viewer otherwise than a stranger, for the content it
 * shows. Each cache of strangers' responses gathers every field for what it keeps, so a new
 * per-viewer field of a response is a new field here, and no cache can forget it.
 */
export interface ViewerFacts {
  /** The posts the response shows whose author the viewer may be. */
  posts: readonly { user_id: number | null; session_hash: Buffer | null }[];
  /** The viewer likes one of them (`liked` flags). */
  likesAny: boolean;
  /** The viewer owns a hidden post the response would show them alone (lists of questions). */
  ownsHidden: boolean;
  /** The viewer follows the question the response shows (`following`). */
  follows: boolean;
}

/**
 * Whether `viewer` gets exactly what a stranger (no account, no key) gets for the content
 * `facts` describes: nobody always does; an admin never does (hidden posts show whole);
 * anyone else when they wrote none of it, like none of it, own nothing hidden there and
 * follow none of it.
 */
export function seesAsStranger(viewer: Viewer, facts: ViewerFacts): boolean {
  if (viewer.user === null && viewer.sessionHash === null) return true;
  if (moderates(viewer.user)) return false;
  return (
    !facts.likesAny &&
    !facts.ownsHidden &&
    !facts.follows &&
    !facts.posts.some((post) => isOwner(viewer, post))
  );
}
