/**
 * Texts of the safety features that load on demand: the crisis support panel and the
 * personal-info warning. The feed's first load does not carry them (see messages.ts); the
 * moderation screens' words are their own (lib/moderation-log-messages.ts), since a
 * question's page loads these.
 */
export const SAFETY_TEXT = {
  // The crisis support panel
  supportHeading: 'Support is here if you need it',
  supportPosted: 'Your post is published.',
  dismissSupport: 'Dismiss support resources',
  dismiss: 'Dismiss',
  call: (phone: string) => `Call ${phone}`,
  moreHelp: 'More help',
  // The panel's country menu: that country's lines first, the international ones after
  helplineCountry: 'Helplines for',
  helplinesLoading: 'Loading helplines…',
  helplinesFailed: 'The helplines for this country could not be loaded.',
  retryHelplines: 'Try again',
  emergency: 'In an emergency',
  countries: {
    international: 'International',
    ES: 'Spain',
    MX: 'Mexico',
    AR: 'Argentina',
    CO: 'Colombia',
    US: 'United States (lines in Spanish)',
    EG: 'Egypt',
    SA: 'Saudi Arabia',
    AE: 'United Arab Emirates',
    MA: 'Morocco',
    JO: 'Jordan',
  },
  // The personal-info warning while writing
  piiHeading: 'Before you post',
  piiIntro: 'Posting is up to you. These could make you or others recognisable:',
  redact: 'Remove',
  redactItem: (text: string) => `Remove “${text}”`,
} as const;
