/**
 * What a search box's text becomes before PostgreSQL reads it with
 * `websearch_to_tsquery`: words, "quoted phrases", a `-` before a word or phrase to leave
 * it out, and `or` between two of them, as people type them; nothing else.
 *
 * PostgreSQL parses a tsquery with a fixed stack of 32 pending operators, so a run of
 * operators (33 hyphens, `- - - ... x`, `(-(-(-...`) made the search fail with "tsquery
 * stack too small". Rebuilt here, a query holds at most one operator before each term and
 * one between two terms, and at most `LIMITS.searchTermsMax` words: no input can
 * overflow it.
 */
import { LIMITS } from '@dating/contract';

/** Characters that draw nothing (zero-width, bidi controls...): gone, joining what they split. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Controls (tabs and line breaks among them) separate words. */
const CONTROL = /\p{Cc}/gu;
/** A word: letters, marks and digits, joined by single `-`, `.`, `_` or `@` (e-mail, first-date). */
const WORD = '[\\p{L}\\p{M}\\p{N}]+(?:[-._@][\\p{L}\\p{M}\\p{N}]+)*';
/** A phrase in quotes (a missing closing quote ends it at the end), or a word; either negated. */
const TOKEN = new RegExp(`(-?)(?:"([^"]*)(?:"|$)|(${WORD}))`, 'gu');
const WORDS = new RegExp(WORD, 'gu');

/**
 * The search as `websearch_to_tsquery` should read it, or null when it holds no word
 * (punctuation only): such a search matches nothing.
 */
export function searchQueryText(raw: string): string | null {
  const text = raw.normalize('NFKC').replace(INVISIBLE, '').replace(CONTROL, ' ');
  const parts: string[] = [];
  let words = 0;
  let orPending = false;
  for (const match of text.matchAll(TOKEN)) {
    if (words >= LIMITS.searchTermsMax) break;
    const [, minus, phrase, word] = match;
    if (word !== undefined && word.toLowerCase() === 'or') {
      // "or" joins the terms around it; anywhere else (or negated) it is nothing.
      if (minus === '') orPending = parts.length > 0;
      continue;
    }
    const terms = (phrase ?? word ?? '').match(WORDS)?.slice(0, LIMITS.searchTermsMax - words);
    if (!terms || terms.length === 0) continue;
    words += terms.length;
    const term = phrase === undefined ? terms.join(' ') : `"${terms.join(' ')}"`;
    if (orPending) parts.push('or');
    parts.push(`${minus}${term}`);
    orPending = false;
  }
  return parts.length === 0 ? null : parts.join(' ');
}
