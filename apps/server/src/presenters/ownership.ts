/**
 * The privacy rule of DESIGN.md §2, in one place: `user` and `session_id` appear only on
 * the requester's own items, so no response ties two posts to one author.
 */
import { isOwner, type Viewer } from '../auth/identity.ts';

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
 * Whether the viewer sees a hidden item (issue 10: hidden while moderators review it) as
 * it is: its author and admins do; everybody else gets a notice in its place.
 */
export function seesHidden(
  viewer: Viewer,
  row: { user_id: number | null; session_hash: Buffer | null },
): boolean {
  return viewer.user?.is_staff === true || isOwner(viewer, row);
}
