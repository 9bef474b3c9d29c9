/**
 * `npm run train:crisis`: trains the crisis check's learnt layer on the development part of
 * the crisis corpus (never the test part) and writes its weights to
 * packages/contract/src/safety/crisis-weights.json. Deterministic: the same corpus gives the
 * same file, which the corpus test checks. Run it after changing the corpus or the features.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CRISIS_CATEGORIES } from '../packages/contract/src/enums.ts';
import { crisisTrainingSet } from '../packages/contract/src/safety/corpus/corpus.ts';
import { lemmaString } from '../packages/contract/src/safety/crisis-concepts.ts';
import { ABOUT_WEIGHTS, train } from '../packages/contract/src/safety/crisis-train.ts';

const items = crisisTrainingSet().map((item) => ({
  lemmas: lemmaString(item.text),
  labels: item.labels,
}));
const { file } = train(items, CRISIS_CATEGORIES, ABOUT_WEIGHTS);
const path = new URL('../packages/contract/src/safety/crisis-weights.json', import.meta.url);
writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
// In the repository's own format, so that `npm run lint` passes on a fresh file.
execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(path)], { stdio: 'ignore' });
console.log(
  `crisis-weights.json: ${items.length} development sentences, ${file.weights.split(' ').length} weight rows, thresholds ${file.threshold.join(' ')}`,
);
