/**
 * The crisis support panel's words from the server, in the page's language: the server's
 * default English is translated, an operator's own words are shown as sent. Only the panel
 * (support-panel.tsx, loaded on demand) imports this module, because it fetches the English
 * catalogue to compare with: imported from the first load, it would put that catalogue into
 * the main chunk for every language (issue 40's budget).
 */
import type { CrisisCategory, SupportPanel, SupportSection } from '@dating/contract';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { MessageKey } from '../locales/catalogue.ts';
import { t } from './t.ts';

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

/** English whatever the page's language, once loadPanelWords has fetched it. */
let english: I18n | undefined;

/**
 * Fetches the English catalogue the server's defaults are compared with, beside the panel's
 * code (support-slot.tsx). Fetched, not imported: a static import would turn the English
 * catalogue's chunk into one shared with this module, which the server can no longer name
 * and preload on English pages.
 */
export async function loadPanelWords(): Promise<void> {
  if (english !== undefined) return;
  const { default: en } = await import('../locales/en.ts');
  english = setupI18n({ locale: 'en', messages: { en: en as unknown as Messages } });
}

/**
 * `text` in the page's language when it is the server's default English for `key` (the
 * catalogues translate those words); an operator's own words (SAFETY_RESOURCES_FILE) are
 * not ours to translate, and stay as sent.
 */
function translated(key: MessageKey, text: string): string {
  return english !== undefined && text === english._(key) ? t(key) : text;
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
