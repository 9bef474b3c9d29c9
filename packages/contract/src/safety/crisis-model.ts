/**
 * The crisis check's learnt layer: a linear classifier per category (one against the rest)
 * over hashed features of wink's lemma string, trained on the development part of the
 * corpus only (`crisis-train.ts`, `npm run train:crisis`) and stored as small integer
 * weights in `crisis-weights.json`. It reads what the hand-written rules cannot list: a
 * wording no rule was written for, made of words the corpus taught it ("since the divorce",
 * "checks my phone", "says he will take the kids").
 */
import type { CrisisCategory } from '../enums.ts';
import { CONCEPT_CLASSES } from './crisis-concepts.ts';

/** Buckets of the feature hash (a power of two). */
export const FEATURE_BUCKETS = 1 << 18;

const FNV_OFFSET = 0x811c9dc5;
/** FNV-1a (32 bits), continued from `hash` over `text`: the hash of a feature is built in
 * pieces, so that no feature's name is ever made as a string. */
function fnv(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}
const SPACE = 32;
const step = (hash: number, code: number) => Math.imul(hash ^ code, 0x01000193);
const toBucket = (hash: number) => (hash >>> 0) & (FEATURE_BUCKETS - 1);
/** The hash states after each kind's prefix ("w:", "b:"...). */
const PREFIX = {
  w: fnv(FNV_OFFSET, 'w:'),
  b: fnv(FNV_OFFSET, 'b:'),
  B: fnv(FNV_OFFSET, 'B:'),
  t: fnv(FNV_OFFSET, 't:'),
  T: fnv(FNV_OFFSET, 'T:'),
  c: fnv(FNV_OFFSET, 'c:'),
  k: fnv(FNV_OFFSET, 'k:'),
  K: fnv(FNV_OFFSET, 'K:'),
};
/** Per class, the hash state after "K:" and its name and a space (pairs of classes). */
const PAIR_PREFIX = new Map<string, number>();

/** Function words: no unigram feature of their own (they still form bigrams). */
const STOP = new Set(
  'a an the and or but of to in on at for with be do have this that it is as so'.split(' '),
);

/** Per lemma, the classes it belongs to; and the classes' entries of several lemmas. */
const CLASS_OF = new Map<string, string[]>();
/** Entries of several lemmas (" a b "), by their first lemma. */
const MULTI_BY_FIRST = new Map<string, [string, string][]>();
for (const [name, entries] of Object.entries(CONCEPT_CLASSES)) {
  for (const entry of entries) {
    if (entry.includes(' ')) {
      const first = entry.split(' ')[0] ?? '';
      MULTI_BY_FIRST.set(first, [...(MULTI_BY_FIRST.get(first) ?? []), [` ${entry} `, name]]);
    } else CLASS_OF.set(entry, [...(CLASS_OF.get(entry) ?? []), name]);
  }
}

/** The classes of one lemma: its concepts, or an age band for a small whole number. */
function classesOf(lemma: string): readonly string[] {
  if (/^\d{1,2}$/.test(lemma)) {
    const value = Number(lemma);
    if (value >= 10 && value <= 17) return ['minorage'];
    if (value >= 18 && value <= 70) return ['adultage'];
    return [];
  }
  return CLASS_OF.get(lemma) ?? [];
}

/**
 * The features of a lemma string (as `lemmaString` writes it: lemmas followed by a space,
 * `|` for punctuation, `~` before a negated lemma): lemmas, pairs and triples of
 * neighbouring lemmas within a clause, the character 4-grams of each word (so that "sucide"
 * and "suicide" share most of theirs), and the same over word classes (the concepts of
 * `crisis-concepts.ts`, an age band): each class present, each pair of classes present, and
 * pairs and triples of neighbours with each word written as its class. Each feature is a
 * bucket; a text's feature vector is the set of its buckets, each counting 1.
 */
export function features(lemmas: string): number[] {
  const out: number[] = [];
  const seen = SEEN;
  stamp = stamp === 0xffffffff ? 1 : stamp + 1;
  if (stamp === 1) seen.fill(0);
  const add = (hash: number) => {
    const b = toBucket(hash);
    if (seen[b] !== stamp) {
      seen[b] = stamp;
      out.push(b);
    }
  };
  const present = new Set<string>();
  const words: string[] = [];
  const abstract: string[] = [];
  let start = 0;
  // One pass over the clauses (split at `|`), words split at spaces.
  for (let end = 0; end <= lemmas.length; end += 1) {
    const code = end < lemmas.length ? lemmas.charCodeAt(end) : 124;
    if (code !== SPACE && code !== 124) continue;
    if (end > start) {
      const word = lemmas.slice(start, end);
      const negated = word.charCodeAt(0) === 126;
      const bare = negated ? word.slice(1) : word;
      const classes = classesOf(bare);
      for (const name of classes) present.add(negated ? `~${name}` : name);
      // Entries of several lemmas, looked for only where their first lemma stands.
      for (const [entry, name] of MULTI_BY_FIRST.get(word) ?? []) {
        if (!present.has(name) && lemmas.startsWith(entry, start - 1)) present.add(name);
      }
      words.push(word);
      abstract.push(classes[0] === undefined ? word : `${negated ? '~' : ''}#${classes[0]}`);
    }
    start = end + 1;
    if (code === 124) {
      clauseFeatures(words, abstract, add);
      words.length = 0;
      abstract.length = 0;
    }
  }
  const classes = [...present].sort();
  for (let i = 0; i < classes.length; i += 1) {
    const name = classes[i] ?? '';
    add(fnv(PREFIX.k, name));
    let pair = PAIR_PREFIX.get(name);
    if (pair === undefined) {
      pair = step(fnv(PREFIX.K, name), SPACE);
      PAIR_PREFIX.set(name, pair);
    }
    for (let j = i + 1; j < classes.length; j += 1) add(fnv(pair, classes[j] ?? ''));
  }
  return out;
}

/** Which buckets a text already has: `stamp` marks this text's (no set to allocate). */
const SEEN = new Uint32Array(FEATURE_BUCKETS);
let stamp = 0;

/** The n-gram features of one clause's words (and of their classes). */
function clauseFeatures(
  words: readonly string[],
  abstract: readonly string[],
  add: (hash: number) => void,
): void {
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    const negated = word.charCodeAt(0) === 126;
    const bare = negated ? word.slice(1) : word;
    if (!STOP.has(bare)) add(fnv(PREFIX.w, word));
    if (i + 1 < words.length) {
      const next = words[i + 1] ?? '';
      const a0 = abstract[i] ?? '';
      const a1 = abstract[i + 1] ?? '';
      add(fnv(step(fnv(PREFIX.b, word), SPACE), next));
      add(fnv(step(fnv(PREFIX.B, a0), SPACE), a1));
      if (i + 2 < words.length) {
        const third = words[i + 2] ?? '';
        const a2 = abstract[i + 2] ?? '';
        add(fnv(step(fnv(step(fnv(PREFIX.t, word), SPACE), next), SPACE), third));
        add(fnv(step(fnv(step(fnv(PREFIX.T, a0), SPACE), a1), SPACE), a2));
      }
    }
    if (bare.length > 4) {
      // The character 4-grams of "<bare>".
      const last = bare.length + 2;
      for (let j = 0; j + 4 <= last; j += 1) {
        let h = PREFIX.c;
        for (let k = j; k < j + 4; k += 1) {
          h = step(h, k === 0 ? 60 : k === last - 1 ? 62 : bare.charCodeAt(k - 1));
        }
        add(h);
      }
    }
  }
}

/** The weights file: per category a bias and a threshold, and per bucket its weights. */
export interface CrisisWeights {
  about: string;
  categories: CrisisCategory[];
  /** Weights are integers; a score is their sum times `scale`, plus the bias. */
  scale: number;
  bias: number[];
  threshold: number[];
  /**
   * Space-separated rows: a bucket (base 36), `:`, one integer weight per category in
   * `categories`' order, comma-separated (one string, so that the file stays small and
   * quick to type-check).
   */
  weights: string;
}

export interface CompiledModel {
  categories: CrisisCategory[];
  scale: number;
  bias: number[];
  threshold: number[];
  /** Per bucket, its weights (one per category) at `bucket * categories.length`. */
  weights: Int8Array;
}

export function compileModel(file: CrisisWeights): CompiledModel {
  const width = file.categories.length;
  const weights = new Int8Array(FEATURE_BUCKETS * width);
  for (const row of file.weights.split(' ')) {
    const [key = '', values = ''] = row.split(':');
    const at = Number.parseInt(key, 36) * width;
    values.split(',').forEach((value, c) => {
      weights[at + c] = Number(value);
    });
  }
  return { ...file, weights };
}

/**
 * The score of each category for a lemma string (from its threshold up: the category), or
 * for another language's input with that language's `featuresOf`.
 */
export function scores(
  model: CompiledModel,
  lemmas: string,
  featuresOf: (input: string) => number[] = features,
): number[] {
  const width = model.categories.length;
  const sums = model.categories.map(() => 0);
  for (const feature of featuresOf(lemmas)) {
    const at = feature * width;
    for (let c = 0; c < width; c += 1) sums[c] = (sums[c] ?? 0) + (model.weights[at + c] ?? 0);
  }
  return sums.map((sum, c) => sum * model.scale + (model.bias[c] ?? 0));
}

/** The categories whose score reaches their threshold. */
export function modelCategories(
  model: CompiledModel,
  lemmas: string,
  featuresOf: (input: string) => number[] = features,
): CrisisCategory[] {
  const all = scores(model, lemmas, featuresOf);
  return model.categories.filter((_, c) => (all[c] ?? 0) >= (model.threshold[c] ?? 0));
}
