/**
 * What the viewer may do with a post comes from the server (`can` of every question and
 * answer: apps/server/src/presenters/ownership.ts `rightsOf`); the app draws Edit, Delete,
 * Reply and Report from it and decides none of them itself.
 */
import type { Rights } from '@dating/contract';

/**
 * Whether the viewer gets a post hidden while moderators review it as a one-line notice:
 * the server offers a reply under every post to whoever sees it whole (its author and
 * admins, when it is hidden), and nothing at all to anyone else.
 */
export function shownAsNotice(post: { hidden?: boolean | undefined; can: Rights }): boolean {
  return post.hidden === true && !post.can.reply;
}
