/**
 * Texts of the safety features that load on demand: the crisis support panel,
 * the personal-info warning and the moderation screens. The feed's first load does not
 * carry them (see messages.ts).
 */
export const SAFETY_TEXT = {
  // The crisis support panel
  supportHeading: 'Support is here if you need it',
  supportPosted: 'Your post is published.',
  dismissSupport: 'Dismiss support resources',
  dismiss: 'Dismiss',
  call: (phone: string) => `Call ${phone}`,
  moreHelp: 'More help',
  // The personal-info warning while writing
  piiHeading: 'Before you post',
  piiIntro: 'Posting is up to you. These could make you or others recognisable:',
  redact: 'Remove',
  redactItem: (text: string) => `Remove “${text}”`,
  // Moderation
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
  // Hidden content (its author and admins still see it)
  hiddenMarker: 'Hidden while moderators review it',
  waitingForReview: 'Waiting for review',
} as const;
