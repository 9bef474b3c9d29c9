/**
 * `node --import tsx scripts/crisis-dev-lang.ts es|ar`: the whole crisis check (as on the
 * site) on the development part of a language's corpus only, with its misses and false
 * alarms printed. Tuning the Spanish or Arabic rules reads these, never the test part's
 * sentences (crisis-es-corpus.test.ts and crisis-ar-corpus.test.ts print only its figures).
 */
import { CRISIS_CATEGORIES } from '../packages/contract/src/enums.ts';
import {
  type CorpusLanguage,
  crisisCorpusOf,
  formatFigures,
  measure,
} from '../packages/contract/src/safety/corpus/corpus.ts';
import { classifyCrisis } from '../packages/contract/src/safety/crisis.ts';

const lang = (process.argv[2] ?? 'es') as CorpusLanguage;
const dev = crisisCorpusOf(lang).filter((item) => item.part === 'dev');
const figures = measure(dev, CRISIS_CATEGORIES, classifyCrisis);
console.log(formatFigures(`Crisis check, ${lang}, development part:`, figures));
for (const miss of figures.misses) {
  console.log(`  missed [${miss.expected.join(',')}] got [${miss.got.join(',')}]: ${miss.text}`);
}
for (const alarm of figures.falseAlarms) {
  console.log(`  false alarm [${alarm.got.join(',')}]: ${alarm.text}`);
}
