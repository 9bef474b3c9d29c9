/**
 * Watched words (as Discourse has them): words, phrases and simple patterns (`*` stands for
 * any run of letters or digits inside a word) that admins list with what happens to a post
 * holding one: `block` refuses it, `review` holds it hidden until a moderator approves it,
 * `flag` publishes it and files a report by the system.
 *
 * Matching is by whole words, after the folding the tags use (contract `normalizeTag`:
 * compatibility forms such as full-width letters, invisible characters, case), then without
 * diacritics and with letters that draw like Latin ones read as those (a Cyrillic `е` is an
 * `e`, a Greek `ο` an `o`), so that `tеlegram` is `telegram`. Letters written apart
 * (`t e l e g r a m`, `t.e.l.e.g.r.a.m`) are read together as well.
 *
 * One matcher holds every rule, compiled once: a map from a rule's first word to the rules
 * that start with it, and one regular expression for the rules whose first word has a
 * wildcard. A post costs a lookup per word, whatever the number of rules.
 */
import { normalizeTag } from '@dating/contract';
import { type Message, message } from './http-errors.ts';

export const WATCHED_WORD_ACTIONS = ['block', 'review', 'flag'] as const;
export type WatchedWordAction = (typeof WATCHED_WORD_ACTIONS)[number];

/** The strictest first: the action a post takes when it holds several rules. */
const SEVERITY: Record<WatchedWordAction, number> = { block: 3, review: 2, flag: 1 };

export interface WatchedWordRule {
  id: number;
  word: string;
  action: WatchedWordAction;
}

export interface WatchedWordMatch {
  id: number;
  action: WatchedWordAction;
}

/**
 * Letters of other scripts (and Latin phonetic ones) that draw like a plain Latin letter,
 * after Unicode's confusables list: the letters contract/lookalikes.ts refuses in tags.
 */
const LATIN_OF: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  ѵ: 'v',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ϳ: 'j',
  // Armenian
  ց: 'g',
  ո: 'n',
  ս: 'u',
  օ: 'o',
  հ: 'h',
  զ: 'q',
  լ: 'l',
  // Latin letters that pass for others
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ı: 'i',
  ȷ: 'j',
  ʀ: 'r',
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
};

const MARKS = /\p{M}/gu;
/** Apostrophes join a word ("don't" is "dont"), as people write it either way. */
const APOSTROPHES = /['’ʼ`´]/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const WORD_OR_STAR = /[\p{L}\p{N}*]+/gu;

/** Text as rules are matched against it: folded as tags are, then look-alikes read as Latin. */
export function foldForMatching(text: string): string {
  const folded = normalizeTag(text).normalize('NFD').replace(MARKS, '').replace(APOSTROPHES, '');
  let out = '';
  for (const char of folded) out += LATIN_OF[char] ?? char;
  return out;
}

/** The words of a text, folded. */
export function wordsOf(text: string): string[] {
  return foldForMatching(text).match(WORD) ?? [];
}

/** The words of a rule as written, folded; `*` kept. Empty when it holds no word. */
export function ruleWords(word: string): string[] {
  return (foldForMatching(word).match(WORD_OR_STAR) ?? []).filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/** Most words in one watched phrase. */
const RULE_WORDS_MAX = 8;

/** Why a rule as written cannot be used, by its message, or null. */
export function ruleProblem(word: string): Message | null {
  const words = ruleWords(word);
  if (words.length === 0) return message('watchedWordEmpty');
  if (words.length > RULE_WORDS_MAX) {
    return message('watchedPhraseTooLong', { max: String(RULE_WORDS_MAX) });
  }
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word of a rule with a wildcard, as a regular expression's source (whole word). */
const wildcardSource = (word: string) => word.split('*').map(escapeRegExp).join('[\\p{L}\\p{N}]*');

interface Compiled {
  id: number;
  action: WatchedWordAction;
  words: (string | RegExp)[];
}

/** Shortest run of single letters read as one word: "a b" is two words, "t e l" is one. */
const SPACED_RUN_MIN = 3;
/** Longest stretch of a spaced run tried as one word. */
const SPACED_WORD_MAX = 40;

export class WatchedWordMatcher {
  /** Rules whose first word is plain, by that word. */
  private readonly byFirst = new Map<string, Compiled[]>();
  /** Rules whose first word has a wildcard, and one expression for any of those words. */
  private readonly wild: { rule: Compiled; first: RegExp }[] = [];
  private readonly anyWild: RegExp | null;

  constructor(rules: readonly WatchedWordRule[]) {
    const sources: string[] = [];
    for (const rule of rules) {
      const words = ruleWords(rule.word);
      const [first] = words;
      if (first === undefined) continue;
      const compiled: Compiled = {
        id: rule.id,
        action: rule.action,
        words: words.map((w) => (w.includes('*') ? new RegExp(`^${wildcardSource(w)}$`, 'u') : w)),
      };
      const head = compiled.words[0];
      if (typeof head === 'string') {
        const list = this.byFirst.get(head) ?? [];
        list.push(compiled);
        this.byFirst.set(head, list);
      } else if (head !== undefined) {
        this.wild.push({ rule: compiled, first: head });
        sources.push(wildcardSource(first));
      }
    }
    this.anyWild = sources.length > 0 ? new RegExp(`^(?:${sources.join('|')})$`, 'u') : null;
  }

  get size() {
    let n = this.wild.length;
    for (const list of this.byFirst.values()) n += list.length;
    return n;
  }

  /** The strictest rule the texts hold (each text matched on its own), or null. */
  match(texts: readonly string[]): WatchedWordMatch | null {
    let best: WatchedWordMatch | null = null;
    const consider = (rule: Compiled) => {
      if (best === null || SEVERITY[rule.action] > SEVERITY[best.action]) {
        best = { id: rule.id, action: rule.action };
      }
    };
    if (this.size === 0) return null;
    for (const text of texts) {
      const words = wordsOf(text);
      this.matchWords(words, consider);
      for (const run of spacedRuns(words)) this.matchRun(run, consider);
    }
    return best;
  }

  private candidates(word: string): Compiled[] {
    const plain = this.byFirst.get(word) ?? [];
    if (this.anyWild === null || !this.anyWild.test(word)) return plain;
    return [...plain, ...this.wild.filter((w) => w.first.test(word)).map((w) => w.rule)];
  }

  private matchWords(words: readonly string[], consider: (rule: Compiled) => void) {
    for (let i = 0; i < words.length; i += 1) {
      for (const rule of this.candidates(words[i] as string)) {
        if (rule.words.every((w, k) => sameWord(w, words[i + k]))) consider(rule);
      }
    }
  }

  /** Letters written apart: every stretch of the run is tried as one word (one-word rules). */
  private matchRun(run: string, consider: (rule: Compiled) => void) {
    for (let start = 0; start < run.length; start += 1) {
      const end = Math.min(run.length, start + SPACED_WORD_MAX);
      for (let stop = start + 1; stop <= end; stop += 1) {
        for (const rule of this.candidates(run.slice(start, stop))) {
          if (rule.words.length === 1) consider(rule);
        }
      }
    }
  }
}

function sameWord(rule: string | RegExp, word: string | undefined) {
  if (word === undefined) return false;
  return typeof rule === 'string' ? rule === word : rule.test(word);
}

/** Runs of at least SPACED_RUN_MIN one-letter words, each read as one word. */
function spacedRuns(words: readonly string[]): string[] {
  const runs: string[] = [];
  let run = '';
  let count = 0;
  const close = () => {
    if (count >= SPACED_RUN_MIN) runs.push(run);
    run = '';
    count = 0;
  };
  for (const word of words) {
    if ([...word].length === 1) {
      run += word;
      count += 1;
    } else close();
  }
  close();
  return runs;
}

/** The addresses of a question's links: a link's text need not say where it goes. */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/\bhref="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
}
