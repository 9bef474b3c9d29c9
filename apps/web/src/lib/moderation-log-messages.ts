/**
 * The words of the moderation queue and its activity log: admins' and moderators' screens
 * alone load them (lib/safety-messages.ts is loaded by every question's page).
 */
export const MODERATION_LOG_TEXT = {
  reportApproved: 'Report approved: the content was deleted.',
  reportRejected: 'Report rejected: the content stays.',
  flaggedAs: (categories: string) => `Flagged by the crisis check: ${categories}`,
  onlyModerators: 'Only moderators can see this page.',
  logInAsModerator: 'Log in',
  activity: 'Activity',
  activityHeading: 'Moderation activity',
  noActivity: 'No moderation activity yet.',
  loadActivityFailed: 'Failed to load moderation activity.',
  action: {
    approve: 'Approved (content deleted)',
    reject: 'Rejected (content kept)',
    auto_hide: 'Hidden automatically',
    unhide: 'Shown again',
    delete: 'Deleted by an admin',
    acknowledge: 'Crisis flag acknowledged (content kept)',
    delete_account: 'Account deleted with its posts',
    anonymize_account: 'Account deleted, its posts kept for nobody',
    erase_key: 'A private key erased what it posted',
    silence: 'Silenced',
    lift_silence: 'Silence lifted',
    appoint_moderator: 'Moderator appointed',
    remove_moderator: 'Moderator removed',
  },
  /** "by alice (moderator)": who acted, in which role. */
  byStaff: (name: string, role: 'admin' | 'moderator' | null) =>
    role === null ? `by ${name}` : `by ${name} (${role})`,
  /** "Author of reply #12 silenced for 7 days". */
  silencedFor: (target: string, days: number) =>
    `${target} silenced for ${days} ${days === 1 ? 'day' : 'days'}`,
  erasureCounts: (counts: Record<string, number | undefined>) =>
    Object.entries(counts)
      .filter(([, n]) => n !== undefined)
      .map(([what, n]) => `${what} ${n}`)
      .join(', '),
  byServer: 'by the server',
  targetQuestion: (id: number | null) => (id === null ? 'A question' : `Question #${id}`),
  targetAnswer: (id: number | null) => (id === null ? 'A reply' : `Reply #${id}`),
  targetAccount: 'An account',
  targetAccountId: (id: number) => `Account #${id}`,
  authorOf: (target: string) => `Author of ${target.charAt(0).toLowerCase()}${target.slice(1)}`,
  targetKey: 'A private key',
  forReport: (id: number) => `Report #${id}`,
  note: 'Note',
  snapshot: 'Content as it was',
  piiRemoved: 'Personal information replaced by [removed].',
} as const;
