/**
 * Texts of the safety features that load on demand: the crisis support panel and the
 * personal-info warning, in the page's language (src/locales/, the "Safety and moderation"
 * block). Each is read from the active catalogue when read, so read them while drawing. The
 * moderation screens' words are their own (lib/moderation-log-messages.ts).
 */
import type { CrisisCategory, PiiKind, SupportPanel, SupportSection } from '@dating/contract';
import { type Messages, setupI18n } from '@lingui/core';
import type { MessageKey } from '../locales/catalogue.ts';
import en from '../locales/en.ts';
import type { HelplineChoice } from './helpline-country.ts';
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
    /** The guard's warning for one kind of personal information found. */
    pii: (kind: PiiKind) => t(PII_KEYS[kind]),
  },
);

const PII_KEYS: Record<PiiKind, MessageKey> = {
  phone: 'piiPhone',
  email: 'piiEmail',
  social: 'piiSocial',
  address: 'piiAddress',
  name: 'piiName',
  national_id: 'piiNationalId',
  licence_plate: 'piiLicencePlate',
  payment: 'piiPayment',
};

/** The server's default words for each category (safety/default-resources.json). */
const SECTION_KEYS: Record<CrisisCategory, { title: MessageKey; message: MessageKey }> = {
  self_harm: { title: 'supportSelfHarmTitle', message: 'supportSelfHarmMessage' },
  partner_abuse: { title: 'supportPartnerAbuseTitle', message: 'supportPartnerAbuseMessage' },
  sexual_coercion: {
    title: 'supportSexualCoercionTitle',
    message: 'supportSexualCoercionMessage',
  },
  coercive_control: {
    title: 'supportCoerciveControlTitle',
    message: 'supportCoerciveControlMessage',
  },
  stalking: { title: 'supportStalkingTitle', message: 'supportStalkingMessage' },
  minor_with_adult: { title: 'supportMinorTitle', message: 'supportMinorMessage' },
};

/** English whatever the page's language: the server's defaults are compared with it. */
const english = setupI18n({ locale: 'en', messages: { en: en as unknown as Messages } });

/**
 * `text` in the page's language when it is the server's default English for `key` (the
 * catalogues translate those words); an operator's own words (SAFETY_RESOURCES_FILE) are
 * not ours to translate, and stay as sent.
 */
function translated(key: MessageKey, text: string): string {
  return text === english._(key) ? t(key) : text;
}

/** The panel's whole message and each section's title and message, in the page's language. */
export function localizedPanel(panel: SupportPanel): SupportPanel {
  return {
    ...panel,
    message: translated('supportMessage', panel.message),
    sections: panel.sections.map((section) => localizedSection(section)),
  };
}

function localizedSection(section: SupportSection): SupportSection {
  const keys = SECTION_KEYS[section.category];
  return {
    ...section,
    title: translated(keys.title, section.title),
    message: translated(keys.message, section.message),
  };
}
