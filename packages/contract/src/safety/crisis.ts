/**
 * The crisis classifier: recognises posts about self-harm and suicidal thoughts, abuse or
 * violence by a partner, sexual violence and coercion, coercive control, stalking, and a
 * minor with an adult, so that the writer is shown support and the post is flagged for
 * moderators. Nothing is ever refused because of it.
 *
 * It is a phrase list, deliberately simple and auditable, so that a new phrasing is a change
 * of data: `crisis-phrases.json` holds, per category, phrases written in lower case without
 * apostrophes. A text is compared the same way (lower case, apostrophes dropped, every other
 * run of non-letters one space, contractions written out: "don't", "dont" and "do not" all
 * read "do not"), and a phrase matches whole words only. `{partner}` in a phrase stands for
 * any entry of the `partner` macro ("he", "my boyfriend", ...), whose entries may use macros
 * in turn; a macro given as a range (`{"from": 10, "to": 15}`) stands for those whole
 * numbers, and `{digits}` for any number. A match that lies inside one of the exception
 * phrases ("hit me up", "killing it", "20 kms away") does not count. Figures of speech such
 * as "this date killed me" or "I'm dying to see him" contain no phrase.
 *
 * Beside the phrases and the concept rules (`crisis-concepts.ts`), a learnt layer
 * (`crisis-model.ts`: a linear classifier per category over hashed lemma n-grams, trained on
 * the development part of the corpus, weights in `crisis-weights.json`) adds the categories
 * it scores past their thresholds: it reaches wordings no rule was written for.
 *
 * Arabic (and Arabizi) is read by its own rules (`lang/crisis-ar.ts`), whose categories are
 * added to the English ones'.
 *
 * It errs towards recognising: a false alarm costs a calm panel and a moderator's glance,
 * a miss costs someone the resources they needed.
 */
import { CRISIS_CATEGORIES, type CrisisCategory } from '../enums.ts';
import { CONSENSUAL, conceptCategories, lemmaString } from './crisis-concepts.ts';
import { type CrisisWeights, compileModel, modelCategories } from './crisis-model.ts';
import phrases from './crisis-phrases.json' with { type: 'json' };
import weights from './crisis-weights.json' with { type: 'json' };
import { crisisCategoriesAr } from './lang/crisis-ar.ts';
import { crisisCategoriesEs } from './lang/crisis-es.ts';

export { loadCrisisModel } from './crisis-concepts.ts';

/** A macro: its phrases, or the whole numbers of a range. */
type Macro = string[] | { from: number; to: number };

interface PhraseFile {
  contractions: Record<string, string>;
  macros: Record<string, Macro>;
  categories: Record<CrisisCategory, string[]>;
  exceptions: string[];
}

const FILE = phrases as PhraseFile;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Lower case, no apostrophes, one space for every run of anything but letters and digits,
 * contractions written out; padded with a space at each end.
 */
export function normalizeForPhrases(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => (Object.hasOwn(FILE.contractions, word) ? FILE.contractions[word] : word));
  return ` ${words.join(' ')} `;
}

/** One phrase as a pattern: its words separated by single spaces, macros expanded. */
function phrasePattern(phrase: string, macros: Record<string, Macro>, depth = 0): string {
  if (depth > 4) throw new Error(`crisis-phrases.json: macros nested too deep in "${phrase}"`);
  return phrase
    .trim()
    .split(/\s+/)
    .map((word) => {
      const macro = /^\{(\w+)\}$/.exec(word)?.[1];
      if (macro === undefined) return escapeRegExp(normalizeForPhrases(word).trim());
      if (macro === 'digits') return '[0-9]+';
      const entries = macros[macro];
      if (!entries) throw new Error(`crisis-phrases.json: unknown macro {${macro}}`);
      if (!Array.isArray(entries)) {
        const numbers = Array.from({ length: entries.to - entries.from + 1 }, (_, i) =>
          String(entries.from + i),
        );
        return `(?:${numbers.join('|')})`;
      }
      return `(?:${entries.map((entry) => phrasePattern(entry, macros, depth + 1)).join('|')})`;
    })
    .join(' ');
}

/** The phrases of a list as one pattern of whole words (the text is padded with spaces). */
function anyOf(list: string[], macros: Record<string, Macro>): RegExp {
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

const COMPILED = /*#__PURE__*/ compile(FILE);
const MODEL = /*#__PURE__*/ compileModel(weights as CrisisWeights);

/**
 * The categories the rules (phrases and concepts) find, in the order of `CRISIS_CATEGORIES`,
 * given the text and its lemma string (`lemmaString`).
 */
export function ruleCategories(text: string, lemmas: string): CrisisCategory[] {
  // An exception is blanked out (its letters become a mark no phrase contains).
  const normalized = normalizeForPhrases(text).replace(COMPILED.exceptions, (match) =>
    match.replace(/[^ ]/g, '#'),
  );
  const concepts = conceptCategories(lemmas);
  return COMPILED.categories
    .filter(([category, pattern]) => {
      if (concepts.has(category)) return true;
      if (
        concepts.has(CONSENSUAL) &&
        (category === 'partner_abuse' || category === 'sexual_coercion')
      )
        return false;
      pattern.lastIndex = 0;
      return pattern.test(normalized);
    })
    .map(([category]) => category);
}

/**
 * The rules of the other languages (`lang/`), run on every text: no language is detected (a
 * post may mix two), and each uses words of its own language only. One line per language.
 */
const OTHER_LANGUAGES: readonly ((text: string) => CrisisCategory[])[] = [
  crisisCategoriesEs,
  crisisCategoriesAr,
];

/** The categories a text is about, in the order of `CRISIS_CATEGORIES`; empty for most. */
export function classifyCrisis(text: string): CrisisCategory[] {
  const found = new Set<CrisisCategory>();
  for (const language of OTHER_LANGUAGES)
    for (const category of language(text)) found.add(category);
  // The English layers read nothing in a text without a Latin letter (Arabic script), and
  // wink's tokenizer is most of a check's time: skipped, an Arabic post costs what an
  // English one does.
  if (/[A-Za-z]/.test(text)) {
    const lemmas = lemmaString(text);
    for (const category of ruleCategories(text, lemmas)) found.add(category);
    for (const category of modelCategories(MODEL, lemmas)) found.add(category);
  }
  return CRISIS_CATEGORIES.filter((category) => found.has(category));
}
