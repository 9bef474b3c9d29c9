/**
 * The labelled corpora of the safety checks (crisis and personal information), read from the
 * TSV files beside this module, and their one split into a development part (tune on it) and
 * a test part (measure on it, never tune): a seeded hash of each sentence's text decides, so
 * the split is the same on every machine and does not move when sentences are added.
 *
 * The corpus tests, `npm run bench:safety` and `npm run train:crisis` use it; the checks
 * themselves never do (so no bundle carries the corpora).
 */
import { CRISIS_CATEGORIES, type CrisisCategory, PII_KINDS, type PiiKind } from '../../enums.ts';
import crisis from './crisis.json' with { type: 'json' };
import crisisAr from './crisis-ar.json' with { type: 'json' };
import crisisEs from './crisis-es.json' with { type: 'json' };
import pii from './pii.json' with { type: 'json' };
import piiAr from './pii-ar.json' with { type: 'json' };
import piiEs from './pii-es.json' with { type: 'json' };

/** The seed of the split; changing it re-splits every corpus (do not, once tuned). */
export const SPLIT_SEED = 36;
/** Per mille of the sentences in the test part (at least a third). */
export const TEST_PER_MILLE = 400;

/** FNV-1a (32 bits) of the text, seeded: the split's hash. */
export function seededHash(text: string, seed = SPLIT_SEED): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (const char of text.normalize('NFC').trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export type Part = 'dev' | 'test';
export const partOf = (text: string): Part =>
  seededHash(text) % 1000 < TEST_PER_MILLE ? 'test' : 'dev';

export interface Labelled<L> {
  text: string;
  labels: L[];
  part: Part;
}

interface CorpusFile {
  about: string;
  /** [labels, comma-separated, or '' for none; the sentence]. */
  sentences: string[][];
}

function read<L extends string>(
  name: string,
  file: CorpusFile,
  allowed: readonly L[],
): Labelled<L>[] {
  return file.sentences.map(([head = '', text = '']) => {
    const labels = head === '' ? [] : head.split(',').map((label) => label.trim());
    for (const label of labels) {
      if (!(allowed as readonly string[]).includes(label)) {
        throw new Error(`${name}: unknown label "${label}" for "${text}"`);
      }
    }
    return { text, labels: labels as L[], part: partOf(text) };
  });
}

export const crisisCorpus = (): Labelled<CrisisCategory>[] =>
  read('crisis.json', crisis, CRISIS_CATEGORIES);

/** The crisis corpus's development part: all the learnt layer may be trained on. */
export const crisisTrainingSet = (): Labelled<CrisisCategory>[] =>
  crisisCorpus().filter((item) => item.part === 'dev');

export const piiCorpus = (): Labelled<PiiKind>[] => read('pii.json', pii, PII_KINDS);

/**
 * The corpora of the other languages (issue 40, item 6), one pair per language, split by the
 * same seeded hash. Kept apart from the English ones so that each language's figures (and
 * the English learnt layer's training set) stay what they were. One line per language.
 */
const CRISIS_BY_LANGUAGE = {
  es: crisisEs,
  ar: crisisAr,
} satisfies Record<string, CorpusFile>;
const PII_BY_LANGUAGE = {
  es: piiEs,
  ar: piiAr,
} satisfies Record<string, CorpusFile>;
export type CorpusLanguage = keyof typeof CRISIS_BY_LANGUAGE & keyof typeof PII_BY_LANGUAGE;

export const crisisCorpusOf = (lang: CorpusLanguage): Labelled<CrisisCategory>[] =>
  read(`crisis-${lang}.json`, CRISIS_BY_LANGUAGE[lang], CRISIS_CATEGORIES);
export const piiCorpusOf = (lang: CorpusLanguage): Labelled<PiiKind>[] =>
  read(`pii-${lang}.json`, PII_BY_LANGUAGE[lang], PII_KINDS);

export interface Figures {
  /** Per label (and 'overall'): positives, found, recall. */
  recall: Record<string, { positives: number; found: number; recall: number }>;
  /** Sentences labelled with nothing, those flagged with anything, and their share. */
  negatives: number;
  falsePositives: number;
  falsePositiveRate: number;
  /** Per label: negatives flagged with it, as a share of the negatives. */
  falsePositivesByLabel: Record<string, number>;
  misses: { text: string; expected: string[]; got: string[] }[];
  falseAlarms: { text: string; got: string[] }[];
}

/** Recall per label and overall (a positive counts once), and false positives on negatives. */
export function measure<L extends string>(
  items: readonly Labelled<L>[],
  labels: readonly L[],
  classify: (text: string) => readonly L[],
): Figures {
  const recall: Figures['recall'] = {};
  const byLabel: Record<string, number> = {};
  for (const label of [...labels, 'overall']) recall[label] = { positives: 0, found: 0, recall: 1 };
  for (const label of labels) byLabel[label] = 0;
  const misses: Figures['misses'] = [];
  const falseAlarms: Figures['falseAlarms'] = [];
  let negatives = 0;
  for (const item of items) {
    const got = classify(item.text);
    if (item.labels.length === 0) {
      negatives += 1;
      if (got.length > 0) falseAlarms.push({ text: item.text, got: [...got] });
      for (const label of got) byLabel[label] = (byLabel[label] ?? 0) + 1;
      continue;
    }
    let all = true;
    for (const label of item.labels) {
      const entry = recall[label];
      if (!entry) continue;
      entry.positives += 1;
      if (got.includes(label)) entry.found += 1;
      else all = false;
    }
    const overall = recall.overall;
    if (overall) {
      overall.positives += 1;
      if (all) overall.found += 1;
    }
    if (!all) misses.push({ text: item.text, expected: [...item.labels], got: [...got] });
  }
  for (const entry of Object.values(recall)) {
    entry.recall = entry.positives === 0 ? 1 : entry.found / entry.positives;
  }
  const falsePositivesByLabel: Record<string, number> = {};
  for (const [label, count] of Object.entries(byLabel)) {
    falsePositivesByLabel[label] = negatives === 0 ? 0 : count / negatives;
  }
  return {
    recall,
    negatives,
    falsePositives: falseAlarms.length,
    falsePositiveRate: negatives === 0 ? 0 : falseAlarms.length / negatives,
    falsePositivesByLabel,
    misses,
    falseAlarms,
  };
}

const percent = (x: number) => `${(100 * x).toFixed(1)} %`;

/** The figures as a table: recall per label, false positives per label and overall. */
export function formatFigures(title: string, figures: Figures): string {
  const rows = Object.entries(figures.recall).map(([label, entry]) => {
    const fp = figures.falsePositivesByLabel[label];
    const fpText = fp === undefined ? '' : `  false positives ${percent(fp)}`;
    return `  ${label.padEnd(18)} recall ${percent(entry.recall).padStart(7)} (${entry.found}/${entry.positives})${fpText}`;
  });
  const negatives = `  negatives: ${figures.falsePositives} of ${figures.negatives} flagged (${percent(figures.falsePositiveRate)})`;
  return `${title}\n${rows.join('\n')}\n${negatives}`;
}
