/**
 * `node --import tsx scripts/crisis-es-learnt.ts dev [variant] [l2] [epochs]` or `... test`:
 * the experiment of a learnt layer for
 * the Spanish crisis check (issue 40, item 6), as English has one. Features without a
 * lemmatizer (over `normalizeEs`: word unigrams and bigrams, character n-grams of words, a
 * light suffix stripping), logistic regression per category (`crisis-train.ts`), combined
 * with the whole check by OR. Every choice is read from the development part out of fold:
 * outer folds train on the others (thresholds by the inner cross-validation of `train`) and
 * score the held-out fold. `test` measures the chosen configuration on the test part, once.
 *
 * Not adopted (2026-12-08, docs/architecture.md, "Spanish"): on the test part the layer raised
 * recall from 85.7 % to 88.9 % but false alarms from 4.3 % to 6.5 %, so the shipped check has
 * no Spanish layer. Kept so that the experiment can be run again when the corpus grows.
 */
import { gzipSync } from 'node:zlib';
import { CRISIS_CATEGORIES, type CrisisCategory } from '../packages/contract/src/enums.ts';
import {
  crisisCorpusOf,
  formatFigures,
  type Labelled,
  measure,
} from '../packages/contract/src/safety/corpus/corpus.ts';
import { classifyCrisis } from '../packages/contract/src/safety/crisis.ts';
import {
  compileModel,
  FEATURE_BUCKETS,
  scores,
} from '../packages/contract/src/safety/crisis-model.ts';
import {
  TRAINING,
  type TrainingOptions,
  train,
} from '../packages/contract/src/safety/crisis-train.ts';
import { normalizeEs } from '../packages/contract/src/safety/lang/crisis-es.ts';

interface Variant {
  name: string;
  unigrams: boolean;
  bigrams: boolean;
  /** Character n-gram length (0: none). */
  chars: number;
  stems: boolean;
}

function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & (FEATURE_BUCKETS - 1);
}

const SUFFIXES =
  'amientos imientos amiento imiento aciones iciones ación ición amente mente ando iendo yendo aron ieron aban ados adas idos idas ado ada ido ida aba ían ía ar er ir as es os an en a e o s'
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(' ');
const CLITICS = /(?:(?:me|te|se|nos|os)(?:lo|la|los|las)?|lo|la|los|las|le|les)$/;
function stem(word: string): string {
  let w = word;
  if (/(?:ar|er|ir|ando|iendo)(?:me|te|se|nos|lo|la|los|las|le|les)+$/.test(w))
    w = w.replace(CLITICS, '').replace(CLITICS, '');
  for (const suffix of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length);
  }
  return w;
}

const featuresOf = (variant: Variant) => (text: string) => {
  const words = normalizeEs(text).trim().split(' ').filter(Boolean);
  const out = new Set<number>();
  words.forEach((word, i) => {
    if (variant.unigrams) out.add(fnv(`w:${word}`));
    if (variant.stems) out.add(fnv(`s:${stem(word)}`));
    const next = words[i + 1];
    if (variant.bigrams && next !== undefined) {
      out.add(fnv(variant.stems ? `b:${stem(word)} ${stem(next)}` : `b:${word} ${next}`));
    }
    const n = variant.chars;
    if (n > 0 && word.length > n) {
      const marked = `<${word}>`;
      for (let j = 0; j + n <= marked.length; j += 1) out.add(fnv(`c:${marked.slice(j, j + n)}`));
    }
  });
  return [...out];
};

const corpus = crisisCorpusOf('es');
const dev = corpus.filter((item) => item.part === 'dev');
const checkOf = new Map(corpus.map((item) => [item.text, classifyCrisis(item.text)]));

function outerFold(text: string, folds: number): number {
  let hash = 0x811c9dc5 ^ 7;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % folds;
}

const toItems = (items: readonly Labelled<CrisisCategory>[]) =>
  items.map((item) => ({ lemmas: item.text, labels: item.labels }));

/**
 * Out-of-fold on the development part: per sentence, each category's score minus the
 * threshold of the fold model that never saw it (from 0 up, the layer finds the category).
 */
function outOfFold(variant: Variant, options: TrainingOptions, folds = 5) {
  const margins = new Map<string, number[]>();
  for (let f = 0; f < folds; f += 1) {
    const { file } = train(
      toItems(dev.filter((item) => outerFold(item.text, folds) !== f)),
      CRISIS_CATEGORIES,
      '',
      options,
      featuresOf(variant),
    );
    const model = compileModel(file);
    for (const item of dev.filter((item) => outerFold(item.text, folds) === f)) {
      const all = scores(model, item.text, featuresOf(variant));
      margins.set(
        item.text,
        all.map((s, c) => s - (file.threshold[c] ?? 0)),
      );
    }
  }
  return margins;
}

/** The check OR the layer (its thresholds raised by `offset`), minus rule hits the layer scores under `veto`. */
function combine(
  check: readonly CrisisCategory[],
  margins: readonly number[],
  offset: number,
  veto: number,
) {
  return CRISIS_CATEGORIES.filter((c, i) => {
    const m = margins[i] ?? Number.NEGATIVE_INFINITY;
    return m >= offset || (check.includes(c) && m >= veto);
  });
}

const short = (figures: ReturnType<typeof measure>) =>
  `recall ${(100 * (figures.recall.overall?.recall ?? 0)).toFixed(1)} [${CRISIS_CATEGORIES.map((c) => (100 * (figures.recall[c]?.recall ?? 0)).toFixed(0)).join(' ')}] FP ${figures.falsePositives}/${figures.negatives}`;

const VARIANTS: Record<string, Variant> = {
  'uni+bi': { name: 'uni+bi', unigrams: true, bigrams: true, chars: 0, stems: false },
  'uni+bi+c4': { name: 'uni+bi+c4', unigrams: true, bigrams: true, chars: 4, stems: false },
  'uni+bi+c3': { name: 'uni+bi+c3', unigrams: true, bigrams: true, chars: 3, stems: false },
  stem: { name: 'stem', unigrams: true, bigrams: true, chars: 0, stems: true },
  'stem+c4': { name: 'stem+c4', unigrams: true, bigrams: true, chars: 4, stems: true },
  'stem+c5': { name: 'stem+c5', unigrams: true, bigrams: true, chars: 5, stems: true },
};

const mode = process.argv[2] ?? 'dev';
const variant = VARIANTS[process.argv[3] ?? 'uni+bi+c4'] as Variant;
const options: TrainingOptions = {
  ...TRAINING,
  maxFalsePositiveRate: 0.003,
  falsePositiveRateOf: {},
  l2: Number(process.argv[4] ?? TRAINING.l2),
  epochs: Number(process.argv[5] ?? TRAINING.epochs),
};
const OFFSETS = [Number.POSITIVE_INFINITY, 4, 2, 1, 0, -1, -2, -3];
const VETOES = [Number.NEGATIVE_INFINITY, -12, -10, -8, -6];
if (mode === 'dev') {
  const margins = outOfFold(variant, options);
  const label = `${variant.name} l2 ${options.l2} epochs ${options.epochs}`;
  for (const offset of OFFSETS) {
    for (const veto of offset === Number.POSITIVE_INFINITY || offset === 0
      ? VETOES
      : [Number.NEGATIVE_INFINITY]) {
      const both = measure(dev, CRISIS_CATEGORIES, (text) =>
        combine(checkOf.get(text) ?? [], margins.get(text) ?? [], offset, veto),
      );
      const alone = measure(dev, CRISIS_CATEGORIES, (text) =>
        combine([], margins.get(text) ?? [], offset, veto),
      );
      console.log(
        `${label} offset ${offset} veto ${veto}: layer ${short(alone)} | combined ${short(both)}`,
      );
    }
  }
}

/**
 * The configuration the development part chose (2026-12-08, see docs/architecture.md): word
 * unigrams and bigrams and character 4-grams, the training options of English, every category
 * at 0.3 % of out-of-fold negatives (offset 0). With it, out of fold, the check OR the layer
 * flags 4 of 246 development negatives (1.6 %, under the 2 % allowed); any lower offset, 8 or
 * more. The veto (rule hits the layer scores low dropped) lost a tenth of the development
 * positives before it removed a false alarm.
 */
const CHOSEN = { variant: 'uni+bi+c4', options: { ...TRAINING, falsePositiveRateOf: {} } };

if (mode === 'test') {
  const chosen = VARIANTS[CHOSEN.variant] as Variant;
  const { file } = train(toItems(dev), CRISIS_CATEGORIES, '', CHOSEN.options, featuresOf(chosen));
  const model = compileModel(file);
  const layer = (text: string) => {
    const all = scores(model, text, featuresOf(chosen));
    return CRISIS_CATEGORIES.filter((_, c) => (all[c] ?? 0) >= (file.threshold[c] ?? 0));
  };
  const test = corpus.filter((item) => item.part === 'test');
  const before = measure(test, CRISIS_CATEGORIES, (text) => checkOf.get(text) ?? []);
  const after = measure(test, CRISIS_CATEGORIES, (text) => {
    const got = new Set([...(checkOf.get(text) ?? []), ...layer(text)]);
    return CRISIS_CATEGORIES.filter((c) => got.has(c));
  });
  const alone = measure(test, CRISIS_CATEGORIES, layer);
  console.log(formatFigures('Test part, the check as shipped:', before));
  console.log(formatFigures('Test part, the check OR the Spanish layer:', after));
  console.log(`Test part, the layer alone: ${short(alone)}`);
  const json = JSON.stringify(file);
  console.log(
    `weights: ${file.weights.split(' ').length} rows, ${json.length} B, gzip ${gzipSync(json, { level: 9 }).length} B`,
  );
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1)
    for (const item of corpus) {
      const start = performance.now();
      layer(item.text);
      times.push(performance.now() - start);
    }
  times.sort((a, b) => a - b);
  console.log(
    `layer per text: median ${times[times.length >> 1]?.toFixed(3)} ms, p99 ${times[Math.floor(times.length * 0.99)]?.toFixed(3)} ms`,
  );
}
