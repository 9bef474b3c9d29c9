/**
 * The crisis classifier: recognises posts about self-harm, abuse or violence
 * by a partner, sexual coercion and stalking, so that the writer is shown support and the
 * post is flagged for moderators. Nothing is ever refused because of it.
 *
 * It is a phrase list, deliberately simple and auditable: `crisis-phrases.json` holds, per
 * category, phrases written in lower case without apostrophes. A text is compared the
 * same way (lower case, apostrophes dropped, every other run of non-letters one space),
 * and a phrase matches whole words only. `{partner}` in a phrase stands for any entry of
 * the `partner` macro ("he", "my boyfriend", ...). A match that lies inside one of the
 * exception phrases ("hit me up", "killing it", "die laughing") does not count. Figures of
 * speech such as "this date killed me" or "I'm dying to see him" contain no phrase.
 *
 * It errs towards recognising: a false alarm costs a calm panel and a moderator's glance,
 * a miss costs someone the resources they needed.
 */
import { CRISIS_CATEGORIES, type CrisisCategory } from '../enums.ts';
import phrases from './crisis-phrases.json' with { type: 'json' };

interface PhraseFile {
  macros: Record<string, string[]>;
  categories: Record<CrisisCategory, string[]>;
  exceptions: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Lower case, no apostrophes, one space for every run of anything but letters and digits. */
export function normalizeForPhrases(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** One phrase as a pattern: its words separated by single spaces, macros expanded. */
function phrasePattern(phrase: string, macros: Record<string, string[]>): string {
  return phrase
    .trim()
    .split(/\s+/)
    .map((word) => {
      const macro = /^\{(\w+)\}$/.exec(word)?.[1];
      if (macro === undefined) return escapeRegExp(normalizeForPhrases(word).trim());
      const entries = macros[macro];
      if (!entries) throw new Error(`crisis-phrases.json: unknown macro {${macro}}`);
      return `(?:${entries.map((entry) => escapeRegExp(normalizeForPhrases(entry).trim())).join('|')})`;
    })
    .join(' ');
}

/** The phrases of a list as one pattern of whole words (the text is padded with spaces). */
function anyOf(list: string[], macros: Record<string, string[]>): RegExp {
  return new RegExp(` (?:${list.map((p) => phrasePattern(p, macros)).join('|')})(?= )`, 'g');
}

function compile(file: PhraseFile) {
  return {
    categories: CRISIS_CATEGORIES.map(
      (category) => [category, anyOf(file.categories[category], file.macros)] as const,
    ),
    exceptions: anyOf(file.exceptions, file.macros),
  };
}

const COMPILED = /*#__PURE__*/ compile(phrases as PhraseFile);

/** The categories a text is about, in the order of `CRISIS_CATEGORIES`; empty for most. */
export function classifyCrisis(text: string): CrisisCategory[] {
  // An exception is blanked out (its letters become a mark no phrase contains).
  const normalized = normalizeForPhrases(text).replace(COMPILED.exceptions, (match) =>
    match.replace(/[^ ]/g, '#'),
  );
  return COMPILED.categories
    .filter(([, pattern]) => {
      pattern.lastIndex = 0;
      return pattern.test(normalized);
    })
    .map(([category]) => category);
}
