/**
 * Arabic text made comparable, shared by the Arabic crisis check and personal-info guard.
 *
 * Arabic is written with optional short vowels (tashkeel), a stretching stroke (tatweel),
 * several spellings of alef and of final yā' and tā' marbūṭa, and three sets of digits;
 * the same word comes in all of them, so rules read one canonical form. Arabizi (Arabic in
 * Latin letters, digits for the sounds Latin lacks: "3ayez amoot") is lower-cased only.
 */

/** Arabic letters, or a Latin word with a digit inside it (Arabizi: "3omry", "a2tel"). */
const ARABIC_LETTER = /[\u0621-\u064A]/;
const ARABIZI_WORD = /[a-z][2-9]|[2-9][a-z]/i;

/** The cheap check that decides whether the Arabic rules run at all. */
export const mayBeArabic = (text: string): boolean =>
  ARABIC_LETTER.test(text) || ARABIZI_WORD.test(text);

/** Arabic-Indic (٠-٩) and Eastern Arabic (۰-۹) digits as Latin ones; one code unit each. */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) =>
    String((digit.codePointAt(0) ?? 0) & 0xf),
  );
}

/**
 * Tashkeel and tatweel dropped, alef forms (أ إ آ ٱ) as ا, ى as ي, ة as ه, ؤ as و, ئ as ي,
 * digits Latin, Latin lower case, a letter repeated three times or more once ("بموووت"),
 * every run of other characters one space; padded with a space at each end.
 */
export function normalizeArabic(text: string): string {
  const plain = latinDigits(text)
    .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .toLowerCase()
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${plain} `;
}
