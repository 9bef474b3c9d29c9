/**
 * What the viewer may do with a post comes from the server (`can` of every question and
 * answer: apps/server/src/presenters/ownership.ts `rightsOf`); the app draws Edit, Delete,
 * Reply and Report from it and decides none of them itself.
 */
import type { Rights } from '@dating/contract';
import { useHydrated } from '../hooks/use-hydrated.ts';

interface Post {
  hidden?: boolean | undefined;
  is_deleted?: boolean;
  can: Rights;
}

const NOTHING: Rights = { edit: false, delete: false, reply: false, report: false };
const STRANGERS: Rights = { edit: false, delete: false, reply: true, report: true };

/**
 * The post's rights to draw: the server's `can`, except while the browser takes over a
 * screen the server drew (hooks/use-hydrated.ts). The server drew it for a stranger, and the
 * query may hold the viewer's own read by then (a screen whose code came late); drawn
 * otherwise, it would be a hydration mismatch, as for the viewer (lib/auth.ts `useViewer`).
 * So until then: what the drawing shows a stranger, nothing on a hidden or deleted post and
 * Reply and Report on any other. The viewer's own rights come once the page is the browser's.
 */
export function useRights(post: Post): Rights {
  return rightsToDraw(post, useHydrated());
}

/** The same, for a component that reads `useHydrated` itself (before its post is loaded). */
export function rightsToDraw(post: Post, hydrated: boolean): Rights {
  if (hydrated) return post.can;
  return post.hidden === true || post.is_deleted === true ? NOTHING : STRANGERS;
}

/**
 * Whether the viewer gets a post hidden while moderators review it as a one-line notice:
 * the server offers a reply under every post to whoever sees it whole (its author and
 * admins, when it is hidden), and nothing at all to anyone else.
 */
export function shownAsNotice(post: { hidden?: boolean | undefined }, can: Rights): boolean {
  return post.hidden === true && !can.reply;
}
