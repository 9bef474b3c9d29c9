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
 * runner-up is clearly behind. Spanish and its neighbours share most trigrams; Spanish's own
 * marks (¿ ¡ ñ, acute vowels, and none of the others' ã ç è ...) settle a close call.
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
/**
 * The runner-up's score (the best scores 1) must be at most this for a confident answer:
 * a little looser for the site's own languages (Spanish without its marks a little less), which people are most likely to write in,
 * and only for longer texts in any other, whose profiles short English texts often match.
 * Measured on the English sentences of the crisis corpus (packages/contract/src/safety/
 * corpus/crisis.json, 1,623 sentences, many short): none labelled another language.
 */
const SITE_RUNNER_UP: Readonly<Record<string, number>> = { eng: 0.85, spa: 0.8 };
const OTHER_RUNNER_UP = 0.75;
const OTHER_MIN_LETTERS = 60;
/** A Spanish call settled by its letters needs at least this score. */
const CLOSE_CALL = 0.85;
/** Languages close enough to Spanish for its letters to settle the call. */
const ROMANCE = new Set(['spa', 'por', 'ita', 'fra', 'ron']);

const LETTER = /\p{L}/gu;
const ARABIC_LETTER = /\p{Script=Arabic}/gu;
/** Letters Persian adds to the Arabic alphabet (پ چ ژ گ and the Persian kaf and yeh). */
const PERSIAN = /[\u067E\u0686\u0698\u06AF\u06A9\u06CC]/u;
/** Letters Urdu adds (ٹ ڈ ڑ ں ے ھ). */
const URDU = /[\u0679\u0688\u0691\u06BA\u06D2\u06BE]/u;
/** Spanish writes ¿ ¡ ñ and acute vowels; Portuguese, Italian and French add others. */
const SPANISH_MARKS = /[¿¡ñáéíóú]/iu;
const OTHER_ROMANCE_MARKS = /[ãõçâêôàèìòùœ]/iu;
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
  if (SPANISH_MARKS.test(text) && !OTHER_ROMANCE_MARKS.test(text) && ROMANCE.has(best[0])) {
    const spanish = scores.find(([code]) => code === 'spa')?.[1] ?? 0;
    if (spanish >= CLOSE_CALL) return 'es';
  }
  const close = runnerUp?.[1] ?? 0;
  const siteRunnerUp = SITE_RUNNER_UP[best[0]];
  const sure =
    siteRunnerUp !== undefined
      ? close <= siteRunnerUp
      : letters >= OTHER_MIN_LETTERS && close <= OTHER_RUNNER_UP;
  if (!sure) return null;
  return FROM_ISO639_3[best[0]] ?? null;
}
