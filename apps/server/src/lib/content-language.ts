/**
 * The language a post is written in, told from its plain text (a question's, when it is
 * posted and when it is edited): a BCP 47 primary code of CONTENT_LANGUAGES, or null when
 * the text does not tell. Posts are never translated; the code is a label and the feed's
 * filter, and a wrong code would hide a question from the people who read its language, so
 * this says null rather than guess.
 *
 * Arabic script is told by its letters alone, however short the text: Arabic, unless it has
 * the letters Persian or Urdu add. Other texts go to franc-min (trigram profiles of the
 * 82 most spoken languages, pure JavaScript, no model to download), restricted to the
 * languages we label, and its answer is kept only when the text is long enough and the
 * runner-up is clearly behind. Spanish and Portuguese share most trigrams; their own
 * letters (¿ ¡ ñ against ã õ) settle a close call between them.
 */
import type { ContentLanguage } from '@dating/contract';
import { francAll } from 'franc-min';

/** franc's ISO 639-3 codes of the languages we label. */
const FROM_ISO639_3: Readonly<Record<string, ContentLanguage>> = {
  eng: 'en',
  spa: 'es',
  arb: 'ar',
  deu: 'de',
  fra: 'fr',
  ita: 'it',
  nld: 'nl',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rus: 'ru',
  swe: 'sv',
  tur: 'tr',
  ukr: 'uk',
  pes: 'fa',
  hin: 'hi',
  ind: 'id',
  urd: 'ur',
  vie: 'vi',
};
const ONLY = Object.keys(FROM_ISO639_3);

/** Fewer letters than this (outside Arabic script) and no language is told. */
export const MIN_LETTERS = 30;
/** The runner-up's score (the best is 1) must be at most this for a confident answer. */
const MAX_RUNNER_UP = 0.88;
/** A Spanish-or-Portuguese call settled by their letters needs at least this score. */
const CLOSE_CALL = 0.85;

const LETTER = /\p{L}/gu;
const ARABIC_LETTER = /\p{Script=Arabic}/gu;
/** Letters Persian adds to the Arabic alphabet (پ چ ژ گ and the Persian kaf and yeh). */
const PERSIAN = /[\u067E\u0686\u0698\u06AF\u06A9\u06CC]/u;
/** Letters Urdu adds (ٹ ڈ ڑ ں ے ھ). */
const URDU = /[\u0679\u0688\u0691\u06BA\u06D2\u06BE]/u;
const SPANISH_MARKS = /[¿¡ñÑ]/u;
const PORTUGUESE_MARKS = /[ãõÃÕ]/u;
/** Addresses and e-mail addresses are not words of the text's language. */
const ADDRESSES = /\b(?:https?:\/\/|www\.)\S+|\S+@\S+/giu;

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** The language of `plain` (a post's text without markup), or null when it cannot be told. */
export function detectLanguage(plain: string): ContentLanguage | null {
  const text = plain.replace(ADDRESSES, ' ');
  const letters = count(text, LETTER);
  if (letters === 0) return null;
  const arabic = count(text, ARABIC_LETTER);
  if (arabic / letters >= 0.6) {
    if (arabic < 3) return null;
    if (URDU.test(text)) return 'ur';
    if (PERSIAN.test(text)) return 'fa';
    return 'ar';
  }
  // A mix of Arabic script and another: no one language.
  if (arabic / letters > 0.2 || letters < MIN_LETTERS) return null;
  const scores = francAll(text, { only: ONLY, minLength: MIN_LETTERS });
  const [best, runnerUp] = scores;
  if (best === undefined || best[0] === 'und') return null;
  const spanish = SPANISH_MARKS.test(text);
  const portuguese = PORTUGUESE_MARKS.test(text);
  if (spanish !== portuguese) {
    const marked = spanish ? 'spa' : 'por';
    const score = scores.find(([code]) => code === marked)?.[1] ?? 0;
    const latinTop = best[0] === 'spa' || best[0] === 'por' || best[0] === 'ita';
    if (latinTop && score >= CLOSE_CALL) return FROM_ISO639_3[marked] ?? null;
  }
  if (runnerUp !== undefined && runnerUp[1] > MAX_RUNNER_UP) return null;
  return FROM_ISO639_3[best[0]] ?? null;
}
