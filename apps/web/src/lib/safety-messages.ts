/**
 * Texts of the safety features that load on demand: the crisis support panel and the
 * personal-info warning, in the page's language (src/locales/, the "Safety and moderation"
 * block). Each is read from the active catalogue when read, so read them while drawing. The
 * moderation screens' words are their own (lib/moderation-log-messages.ts).
 */
import type { PiiKind } from '@dating/contract';
import type { HelplineChoice } from './helpline-country.ts';
import { PII_MSG } from './messages.ts';
import { t, texts } from './t.ts';

export const SAFETY_TEXT = texts(
  {
    // The crisis support panel
    supportHeading: 'supportHeading',
    supportPosted: 'supportPosted',
    dismissSupport: 'supportDismissLabel',
    dismiss: 'supportDismiss',
    moreHelp: 'supportMoreHelp',
    // The panel's country menu: that country's lines first, the international ones after
    helplineCountry: 'supportCountryLabel',
    helplinesLoading: 'supportLinesLoading',
    helplinesFailed: 'supportLinesFailed',
    retryHelplines: 'supportLinesRetry',
    emergency: 'supportEmergency',
    // The personal-info warning while writing
    piiHeading: 'piiHeading',
    piiIntro: 'piiIntro',
    redact: 'piiRemove',
  },
  {
    call: (phone: string) => t('supportCall', { phone }),
    /** A choice of the country menu: 'international' or a country's code. */
    country: (code: HelplineChoice) => t('supportCountry', { code }),
    /** The region of the international lines ("International"), in the page's language. */
    region: (region: string) =>
      region === 'International' ? t('supportCountry', { code: 'international' }) : region,
    redactItem: (text: string) => t('piiRemoveItem', { text }),
    /** The guard's warning for one kind of personal information found (the contract's). */
    pii: (kind: PiiKind) => PII_MSG[kind],
  },
);
