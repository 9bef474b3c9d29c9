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

/** FNV-1a (32 bits) of a feature's name, into a bucket. */
function bucket(feature: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < feature.length; i += 1) {
    hash ^= feature.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & (FEATURE_BUCKETS - 1);
}

/** Function words: no unigram feature of their own (they still form bigrams). */
const STOP = new Set(
  'a an the and or but of to in on at for with be do have this that it is as so'.split(' '),
);

/** Per lemma, the classes it belongs to; and the classes' entries of several lemmas. */
const CLASS_OF = new Map<string, string[]>();
const MULTI: [string, string][] = [];
for (const [name, entries] of Object.entries(CONCEPT_CLASSES)) {
  for (const entry of entries) {
    if (entry.includes(' ')) MULTI.push([` ${entry} `, name]);
    else CLASS_OF.set(entry, [...(CLASS_OF.get(entry) ?? []), name]);
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
  const out = new Set<number>();
  const present = new Set<string>();
  for (const [entry, name] of MULTI) if (lemmas.includes(entry)) present.add(name);
  for (const clause of lemmas.split('|')) {
    const words = clause.split(' ').filter((word) => word !== '');
    const abstract = words.map((word) => {
      const negated = word.startsWith('~');
      const bare = negated ? word.slice(1) : word;
      const classes = classesOf(bare);
      for (const name of classes) present.add(negated ? `~${name}` : name);
      return classes[0] === undefined ? word : `${negated ? '~' : ''}#${classes[0]}`;
    });
    for (let i = 0; i < words.length; i += 1) {
      const word = words[i] ?? '';
      const bare = word.replace(/^~/, '');
      if (!STOP.has(bare)) out.add(bucket(`w:${word}`));
      if (i + 1 < words.length) {
        out.add(bucket(`b:${word} ${words[i + 1]}`));
        out.add(bucket(`B:${abstract[i]} ${abstract[i + 1]}`));
      }
      if (i + 2 < words.length) {
        out.add(bucket(`t:${word} ${words[i + 1]} ${words[i + 2]}`));
        out.add(bucket(`T:${abstract[i]} ${abstract[i + 1]} ${abstract[i + 2]}`));
      }
      if (bare.length > 4) {
        const padded = `<${bare}>`;
        for (let j = 0; j + 4 <= padded.length; j += 1)
          out.add(bucket(`c:${padded.slice(j, j + 4)}`));
      }
    }
  }
  const classes = [...present].sort();
  for (let i = 0; i < classes.length; i += 1) {
    out.add(bucket(`k:${classes[i]}`));
    for (let j = i + 1; j < classes.length; j += 1)
      out.add(bucket(`K:${classes[i]} ${classes[j]}`));
  }
  return [...out];
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
  weights: Map<number, number[]>;
}

export function compileModel(file: CrisisWeights): CompiledModel {
  const weights = new Map<number, number[]>();
  for (const row of file.weights.split(' ')) {
    const [key = '', values = ''] = row.split(':');
    weights.set(Number.parseInt(key, 36), values.split(',').map(Number));
  }
  return { ...file, weights };
}

/** The score of each category for a lemma string (from its threshold up: the category). */
export function scores(model: CompiledModel, lemmas: string): number[] {
  const sums = model.categories.map(() => 0);
  for (const feature of features(lemmas)) {
    const row = model.weights.get(feature);
    if (!row) continue;
    for (let c = 0; c < sums.length; c += 1) sums[c] = (sums[c] ?? 0) + (row[c] ?? 0);
  }
  return sums.map((sum, c) => sum * model.scale + (model.bias[c] ?? 0));
}

/** The categories whose score reaches their threshold. */
export function modelCategories(model: CompiledModel, lemmas: string): CrisisCategory[] {
  const all = scores(model, lemmas);
  return model.categories.filter((_, c) => (all[c] ?? 0) >= (model.threshold[c] ?? 0));
}
