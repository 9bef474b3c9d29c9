/**
 * The safety and moderation words in the catalogues (lib/safety-messages.ts and the
 * moderation screens'): English exactly as the code and the
 * server wrote it before, the support panel's default words translated (an operator's own
 * kept), and plural forms per language.
 */
import {
  CRISIS_CATEGORIES,
  HIDDEN_REASONS,
  hiddenReasonLine,
  PII_KINDS,
  PII_MSG,
  type SafetyResourcesFile,
  SILENCE_SOURCES,
  SITE_LOCALES,
  type SupportPanel,
  silenceSourceText,
} from '@dating/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
// The server's defaults, which the English catalogue repeats word for word.
import serverDefaults from '../../../../../server/src/safety/default-resources.json' with {
  type: 'json',
};
import { activateLocale, loadLocale } from '../../../lib/i18n.ts';
import { MODERATION_LOG_TEXT } from '../../../lib/moderation-log-messages.ts';
import { crisisCategoryLabel, reportReasonLabel } from '../../../lib/report-labels.ts';
import { SAFETY_TEXT } from '../../../lib/safety-messages.ts';
import { loadPanelWords, localizedPanel } from '../../../lib/support-panel-words.ts';
import { t } from '../../../lib/t.ts';
import { MODERATION_CATALOGUE } from '../../../locales/moderation/index.ts';
import { formatDuration, MODERATION_TEXT } from './messages.ts';

const defaults = serverDefaults as SafetyResourcesFile;

/** The panel the server sends for every category, with its default words. */
const serverPanel: SupportPanel = {
  categories: [...CRISIS_CATEGORIES],
  message: defaults.message ?? '',
  sections: CRISIS_CATEGORIES.map((category) => {
    const section = defaults.categories[category];
    if (!section) throw new Error(`no default for ${category}`);
    return { category, ...section };
  }),
};

beforeAll(async () => {
  await loadLocale('es');
  await loadLocale('ar');
  // The moderators' own catalogue, as their screens load it (router.tsx).
  await loadLocale('es', MODERATION_CATALOGUE);
  await loadLocale('ar', MODERATION_CATALOGUE);
  await loadPanelWords();
});
afterEach(() => activateLocale('en'));

describe('English, as before', () => {
  it('the guard says what the contract says, kind by kind', () => {
    for (const kind of PII_KINDS) expect(SAFETY_TEXT.pii(kind)).toBe(PII_MSG[kind]);
  });

  it("a hidden post's line says what the contract says, reason by reason", () => {
    for (const reason of HIDDEN_REASONS) {
      expect(t('hiddenReasonLine', { reason })).toBe(hiddenReasonLine(reason));
    }
  });

  it("the panel's default words are the server's, so English is left as sent", () => {
    expect(localizedPanel(serverPanel)).toEqual(serverPanel);
  });

  it('the moderation screens read as they did', () => {
    expect(MODERATION_LOG_TEXT.byStaff('alice', 'moderator')).toBe('by alice (moderator)');
    expect(MODERATION_LOG_TEXT.byStaff('alice', null)).toBe('by alice');
    expect(MODERATION_LOG_TEXT.silencedFor(MODERATION_LOG_TEXT.authorOf('answer', 12), 1)).toBe(
      'Author of reply #12 silenced for 1 day',
    );
    expect(MODERATION_LOG_TEXT.authorOf('question', null)).toBe('Author of a question');
    expect(MODERATION_LOG_TEXT.targetQuestion(null)).toBe('A question');
    expect(MODERATION_LOG_TEXT.targetAnswer(7)).toBe('Reply #7');
    expect(MODERATION_LOG_TEXT.action('erase_key')).toBe('A private key erased what it posted');
    expect(MODERATION_LOG_TEXT.erasureCounts({ questions: 2, answers: undefined, likes: 0 })).toBe(
      'questions 2, likes 0',
    );
    expect(
      MODERATION_LOG_TEXT.flaggedAs(
        (['self_harm', 'stalking'] as const).map((c) => crisisCategoryLabel(c)),
      ),
    ).toBe('Flagged by the crisis check: Self-harm or suicide, Stalking');
    expect(crisisCategoryLabel('minor_with_adult')).toBe('A minor with an adult');
    expect(reportReasonLabel('other')).toBe('Other');
    for (const n of [0, 1, 2, 1000]) {
      const s = (one: string, many: string) => (n === 1 ? one : many);
      expect(MODERATION_TEXT.silenced(n)).toBe(`Author silenced for ${n} ${s('day', 'days')}.`);
    }
    expect([45, 720, 3 * 3600, 86_400, 3 * 86_400].map(formatDuration)).toEqual([
      '45 s',
      '12 min',
      '3 h',
      '1 day',
      '3 days',
    ]);
    expect(MODERATION_TEXT.oldest(null)).toBe('nothing waiting');
    expect(SAFETY_TEXT.country('US')).toBe('United States (lines in Spanish)');
    expect(SAFETY_TEXT.region('International')).toBe('International');
  });
});

describe('what a silence was made from', () => {
  it.each(SITE_LOCALES)("%s: says what the API's made_from says", (locale) => {
    activateLocale(locale);
    for (const type of SILENCE_SOURCES) {
      expect(MODERATION_TEXT.madeFrom(type, 12)).toBe(silenceSourceText(type, 12, locale));
    }
  });

  it('reads as it did in English, and in the page’s language otherwise', () => {
    expect(MODERATION_TEXT.madeFrom('question', 12)).toBe('author of question 12');
    expect(MODERATION_TEXT.liftLabel(MODERATION_TEXT.madeFrom('account', 7))).toBe(
      'Lift the silence of the account 7',
    );
    activateLocale('es');
    expect(MODERATION_TEXT.madeFrom('answer', 3)).toBe('quien escribió la respuesta n.º 3');
    activateLocale('ar');
    expect(MODERATION_TEXT.madeFrom('question', 5)).toBe('صاحب السؤال رقم 5');
  });
});

describe('the support panel in Spanish and Arabic', () => {
  it.each(['es', 'ar'] as const)(
    "%s: the server's default words are translated, every one",
    (locale) => {
      activateLocale(locale);
      const shown = localizedPanel(serverPanel);
      expect(shown.message).not.toBe(serverPanel.message);
      // The emergency numbers stay in the message.
      for (const number of ['112', '911', '999', '000']) expect(shown.message).toContain(number);
      shown.sections.forEach((section, i) => {
        const sent = serverPanel.sections[i];
        expect(section.title).not.toBe(sent?.title);
        expect(section.message).not.toBe(sent?.message);
        expect(section.resources).toBe(sent?.resources);
      });
      expect(SAFETY_TEXT.region('International')).not.toBe('International');
      expect(SAFETY_TEXT.region('US')).toBe('US');
    },
  );

  it("keeps an operator's own words (SAFETY_RESOURCES_FILE) as sent", () => {
    activateLocale('es');
    const own: SupportPanel = {
      categories: ['stalking'],
      message: 'You are not alone. In danger, call your local emergency number.',
      sections: [
        {
          category: 'stalking',
          title: 'If someone is following, watching or tracking you',
          message: 'It is not your fault. Keep a record, and reach out.',
          resources: [],
        },
      ],
    };
    const shown = localizedPanel(own);
    expect(shown.message).toBe(own.message);
    // The default title is translated; the operator's message is theirs.
    expect(shown.sections[0]?.title).toBe('Si alguien te sigue, te vigila o rastrea dónde estás');
    expect(shown.sections[0]?.message).toBe(own.sections[0]?.message);
  });

  it('reads the reviewed Spanish and Arabic words', () => {
    activateLocale('es');
    expect(SAFETY_TEXT.supportHeading).toBe('Aquí tienes apoyo, si lo necesitas');
    expect(SAFETY_TEXT.call('024')).toBe('Llamar al 024');
    expect(SAFETY_TEXT.country('international')).toBe('Internacional');
    activateLocale('ar');
    expect(SAFETY_TEXT.supportHeading).toBe('الدعم متاح هنا إن احتجت إليه');
    expect(SAFETY_TEXT.country('EG')).toBe('مصر');
  });
});

describe('plurals', () => {
  it('Spanish: one and other', () => {
    activateLocale('es');
    expect(MODERATION_TEXT.silenced(1)).toBe('Silencio aplicado durante 1 día.');
    expect(formatDuration(2 * 86_400)).toBe('2 días');
    expect(MODERATION_TEXT.pending(1)).toBe('1 pendiente');
  });

  it('Arabic: zero, one, two, few, many and other', () => {
    activateLocale('ar');
    expect([1, 2, 7, 30, 100].map((n) => formatDuration(n * 86_400))).toEqual([
      'يوم واحد',
      'يومان',
      '7 أيام',
      '30 يومًا',
      '100 يوم',
    ]);
    expect(MODERATION_LOG_TEXT.erasureCounts({ questions: 2, answers: 1 })).toBe(
      'الأسئلة 2، الردود 1',
    );
  });
});
