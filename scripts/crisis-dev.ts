/**
 * `node --import tsx scripts/crisis-dev.ts [rate] [selfHarmRate]`: the crisis check
 * on the development part only, out of fold: the rules plus the learnt layer scored by the
 * fold model that never saw the sentence. Tuning reads these figures,
 * never the test part's.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { CRISIS_CATEGORIES, type CrisisCategory } from '../packages/contract/src/enums.ts';
import { crisisTrainingSet } from '../packages/contract/src/safety/corpus/corpus.ts';
import { ruleCategories } from '../packages/contract/src/safety/crisis.ts';
import { lemmaString } from '../packages/contract/src/safety/crisis-concepts.ts';
import { ABOUT_WEIGHTS, TRAINING, train } from '../packages/contract/src/safety/crisis-train.ts';

const rate = Number(process.argv[2] ?? TRAINING.maxFalsePositiveRate);
const selfHarmRate = Number(process.argv[3] ?? TRAINING.falsePositiveRateOf.self_harm);
const CACHE = '/tmp/crisis-dev-lemmas.json';
const cache: Record<string, string> = existsSync(CACHE)
  ? JSON.parse(readFileSync(CACHE, 'utf8'))
  : {};
const lemmatize = (text: string) => {
  cache[text] ??= lemmaString(text);
  return cache[text];
};
const dev = crisisTrainingSet();
const started = Date.now();
const items = dev.map((item) => ({ lemmas: lemmatize(item.text), labels: item.labels }));
writeFileSync(CACHE, JSON.stringify(cache));
const { file, outOfFold } = train(items, CRISIS_CATEGORIES, ABOUT_WEIGHTS, {
  ...TRAINING,
  maxFalsePositiveRate: rate,
  falsePositiveRateOf: { self_harm: selfHarmRate },
});
const seconds = (Date.now() - started) / 1000;
const found: Record<string, [number, number, number]> = {};
for (const c of [...CRISIS_CATEGORIES, 'overall']) found[c] = [0, 0, 0];
let negatives = 0;
let flagged = 0;
let layerFlagged = 0;
for (const entry of outOfFold) {
  const item = dev[entry.index];
  if (!item) continue;
  const rules = ruleCategories(item.text, items[entry.index]?.lemmas ?? '');
  const layer = CRISIS_CATEGORIES.filter(
    (_, c) => (entry.scores[c] ?? 0) >= (file.threshold[c] ?? 0),
  );
  const got = new Set<CrisisCategory>([...rules, ...layer]);
  if (item.labels.length === 0) {
    negatives += 1;
    if (got.size > 0) flagged += 1;
    if (layer.length > 0) layerFlagged += 1;
    continue;
  }
  let all = true;
  let allLayer = true;
  for (const label of item.labels) {
    const f = found[label] as [number, number, number];
    f[0] += 1;
    if (got.has(label)) f[1] += 1;
    else all = false;
    if (layer.includes(label)) f[2] += 1;
    else allLayer = false;
  }
  const o = found.overall as [number, number, number];
  o[0] += 1;
  if (all) o[1] += 1;
  if (allLayer) o[2] += 1;
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
console.log(
  `dev out of fold, rate=${rate} self_harm=${selfHarmRate}: ${items.length} items, ${seconds.toFixed(1)} s, thresholds ${file.threshold.join(' ')}`,
);
for (const [c, [n, f, l]] of Object.entries(found)) {
  console.log(
    `  ${c.padEnd(18)} rules+layer ${pct(f, n).padStart(7)}  layer ${pct(l, n).padStart(7)}  (${n})`,
  );
}
console.log(
  `  negatives flagged ${pct(flagged, negatives)} (${flagged}/${negatives}), by the layer ${pct(layerFlagged, negatives)}`,
);
