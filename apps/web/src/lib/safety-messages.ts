/**
 * Texts of the safety features (issue 10) that load on demand: the crisis support panel,
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
  website: (name: string) => `${name} website`,
  // The personal-info warning while writing
  piiHeading: 'Before you post',
  piiIntro: 'Posting is up to you. These could make you or others recognisable:',
  redact: 'Remove',
  redactItem: (text: string) => `Remove “${text}”`,
  // Hidden content (its author and admins still see it)
  hiddenMarker: 'Hidden while moderators review it',
} as const;
