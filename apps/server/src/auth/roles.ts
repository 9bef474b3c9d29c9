/**
 * The staff roles (issue 39). An admin (`is_staff`) may do everything; a moderator
 * (`is_moderator`, appointed by an admin) reviews reports and groups, hides and restores,
 * deletes reported posts, silences authors and reads the moderation log, but cannot make
 * moderators, change watched words or see the site's settings. Both see hidden posts
 * whole, since reviewing them is their work. An admin who is also a moderator acts as admin.
 */
import type { StaffRole } from '@dating/contract';

interface RoleFlags {
  is_staff: boolean;
  is_moderator: boolean;
}

/** The role someone acts in, or null for everyone else. */
export function roleOf(user: RoleFlags | null | undefined): StaffRole | null {
  if (!user) return null;
  if (user.is_staff) return 'admin';
  return user.is_moderator ? 'moderator' : null;
}

/** Whether the user moderates: an admin or a moderator. */
export function moderates(user: RoleFlags | null | undefined): boolean {
  return roleOf(user) !== null;
}
