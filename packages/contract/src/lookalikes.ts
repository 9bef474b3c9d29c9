/**
 * Names that draw like other names: `dаting` (a Cyrillic а), `dɑting` (a Latin alpha),
 * `datiոg` (an Armenian ո) beside `dating`. Usernames and tags are folded and checked here,
 * after the ideas of Unicode TR39 (security mechanisms), in a compact form that needs no
 * data file:
 * - Compatibility forms are folded first (NFKC): full-width `ｄａｔｉｎｇ` is `dating`, `ﬁ` is
 *   `fi`, mathematical letters are plain ones.
 * - One script per name (TR39's "highly restrictive" level): Latin, or Cyrillic, or Greek...
 *   alone; Latin may join Han with Hiragana and Katakana (Japanese), Bopomofo (Chinese) or
 *   Hangul (Korean). Only scripts in common use (UAX #31, Table 5, recommended scripts).
 * - In Latin, only letters a reader tells apart from plain ones: a-z, the same with
 *   diacritics (é, ñ, ş), and the letters of European languages ß æ œ ø ð þ ł đ ħ ŋ ə.
 *   Phonetic letters (ɑ, ɡ, ɩ), small capitals (ᴀ) and the dotless ı are refused.
 * - In Cyrillic, Greek and Armenian, a name whose every letter draws like a Latin letter
 *   (`сор` in Cyrillic is `cop`) is refused: TR39's whole-script confusables.
 *
 * Usernames go further: ASCII letters and digits only (username.ts), which no look-alike
 * passes; they share the folding. Tags keep every script, so they take this check.
 */

/** Folds compatibility forms (NFKC): the form a name is checked and stored in. */
export function foldCompatibility(text: string): string {
  return text.normalize('NFKC');
}

/** UAX #31's recommended scripts: the only ones a name's letters may come from. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Khmer',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;
type Script = (typeof SCRIPTS)[number];

const SCRIPT_OF: readonly [Script, RegExp][] = SCRIPTS.map((script) => [
  script,
  new RegExp(`^\\p{Script=${script}}$`, 'u'),
]);

/** The scripts that may share a name with Latin: TR39's highly restrictive sets. */
const WITH_LATIN: readonly ReadonlySet<Script>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** Latin letters other than a-z (and their accented forms) that no other letter draws like. */
const LATIN_LETTERS = /^[ßæœøðþłđħŋəÆŒØÐÞŁĐĦŊƏ]$/u;

/**
 * Letters of Cyrillic, Greek and Armenian that draw like a Latin letter, after
 * Unicode's confusables list: a name of these alone reads as a Latin word.
 */
const LATIN_LOOKALIKES = new Set(
  // Cyrillic
  'аеорсухѕіјԁһӏԛԝүѵ' +
    // Greek
    'αγινορσυχϲϳ' +
    // Armenian
    'ցոսօհզլ',
);

export type LookalikeProblem = 'mixed-scripts' | 'lookalike';

/** The script of one letter, or null when it is none of the recommended ones. */
function scriptOf(letter: string): Script | null {
  for (const [script, pattern] of SCRIPT_OF) if (pattern.test(letter)) return script;
  return null;
}

/** The letter without its diacritics: `é` is `e`, `ё` is `е`. */
const baseOf = (letter: string) => letter.normalize('NFD').charAt(0);

/**
 * Why `name` (folded: see `foldCompatibility`) could pass for another name, or null. Only
 * letters count: digits, spaces, punctuation and emoji belong to every script.
 */
export function lookalikeProblem(name: string): LookalikeProblem | null {
  // Letters of no one script (the Japanese prolonged sound mark ー) go with any.
  const letters = [...name].filter(
    (c) => /\p{L}/u.test(c) && !/\p{Script=Common}|\p{Script=Inherited}/u.test(c),
  );
  const scripts = new Set<Script>();
  for (const letter of letters) {
    const script = scriptOf(letter);
    if (script === null) return 'lookalike';
    if (script === 'Latin' && !/^[a-z]$/i.test(baseOf(letter)) && !LATIN_LETTERS.test(letter)) {
      return 'lookalike';
    }
    scripts.add(script);
  }
  if (scripts.size > 1 && !WITH_LATIN.some((set) => [...scripts].every((s) => set.has(s)))) {
    return 'mixed-scripts';
  }
  const [only] = scripts;
  if (
    scripts.size === 1 &&
    (only === 'Cyrillic' || only === 'Greek' || only === 'Armenian') &&
    letters.every((letter) => LATIN_LOOKALIKES.has(baseOf(letter.toLowerCase())))
  ) {
    return 'lookalike';
  }
  return null;
}
