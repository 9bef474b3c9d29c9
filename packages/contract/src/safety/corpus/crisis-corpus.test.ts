/**
 * The crisis check measured on sentences it was not tuned on: the test part of the corpus
 * (corpus.ts splits it once by a seeded hash; the rules were tuned, and the learnt layer
 * trained, on the development part only). Prints recall and false-positive rate per
 * category, and holds the floors below. Also checks that the committed weights of the learnt
 * layer are what training on the development part gives (`npm run train:crisis`).
 *
 * The floors of issue 36 are recall >= 0.90 overall and >= 0.85 per category, false
 * positives <= 3 % of negatives. The test part does not reach them yet (see
 * docs/architecture.md, "Crisis support"): the floors here are what it reaches today,
 * rounded down (the false-positive ceiling: what it reaches), so that a change can only
 * raise them. Raise them with the figures.
 */
import { describe, expect, it } from 'vitest';
import { CRISIS_CATEGORIES } from '../../enums.ts';
import { classifyCrisis } from '../crisis.ts';
import { lemmaString } from '../crisis-concepts.ts';
import { ABOUT_WEIGHTS, train } from '../crisis-train.ts';
import weights from '../crisis-weights.json' with { type: 'json' };
import {
  crisisCorpus,
  crisisTrainingSet,
  formatFigures,
  measure,
  TEST_PER_MILLE,
} from './corpus.ts';

/** Issue 36's goals (not yet held: see the floors below). */
const CRISIS_GOALS = { overall: 0.9, perCategory: 0.85, falsePositives: 0.03 };
/**
 * What the test part reaches today, rounded down (false positives: rounded up): a change
 * may not go below. The corpus grew from 1,623 to 2,039 sentences on 2026-12-07 (its test
 * part from 670 to 850) and the learnt layer's thresholds now let through, per category,
 * 0.3 % of the development part's negatives out of fold (chosen on the development part):
 * recall rose from 0.727 to 0.767 (on the old 670 sentences alone, to 0.769), and so did
 * the false alarms, from 5.1 % to 6.3 % (on the old sentences, 6.4 %).
 */
const FLOORS = { overall: 0.76, perCategory: 0.65, falsePositives: 0.063 };
/**
 * The development part: the rules were tuned and the learnt layer trained on it, yet neither
 * finds all of it (its newest sentences were never given rules).
 */
const DEV_FLOORS = { overall: 0.98, falsePositives: 0.014 };

/** The contract is built without Node's or the DOM's types; the test runs in Node. */
declare const console: { log(message: string): void };

describe('the crisis corpus', () => {
  const corpus = crisisCorpus();

  it('has at least 600 sentences: 300 with a category, every category, 300 hard negatives', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(600);
    expect(corpus.filter((item) => item.labels.length > 0).length).toBeGreaterThanOrEqual(300);
    expect(corpus.filter((item) => item.labels.length === 0).length).toBeGreaterThanOrEqual(300);
    for (const category of CRISIS_CATEGORIES) {
      expect(corpus.filter((item) => item.labels.includes(category)).length).toBeGreaterThan(40);
    }
    expect(new Set(corpus.map((item) => item.text.toLowerCase())).size).toBe(corpus.length);
  });

  it('keeps at least a third of it apart as the test part', () => {
    expect(TEST_PER_MILLE).toBeGreaterThanOrEqual(334);
    const test = corpus.filter((item) => item.part === 'test').length;
    expect(test / corpus.length).toBeGreaterThanOrEqual(1 / 3);
  });

  it('finds the test part above the floors, and prints its figures', () => {
    const figures = measure(
      corpus.filter((item) => item.part === 'test'),
      CRISIS_CATEGORIES,
      classifyCrisis,
    );
    console.log(formatFigures('Crisis check, test part of the corpus:', figures));
    const met =
      (figures.recall.overall?.recall ?? 0) >= CRISIS_GOALS.overall &&
      CRISIS_CATEGORIES.every(
        (category) => (figures.recall[category]?.recall ?? 0) >= CRISIS_GOALS.perCategory,
      ) &&
      figures.falsePositiveRate <= CRISIS_GOALS.falsePositives;
    console.log(
      `  issue 36's goals (0.90 overall, 0.85 each, 3 % false positives): ${met ? 'met' : 'not met yet'}`,
    );
    expect(figures.recall.overall?.recall).toBeGreaterThanOrEqual(FLOORS.overall);
    for (const category of CRISIS_CATEGORIES) {
      expect(figures.recall[category]?.recall, category).toBeGreaterThanOrEqual(FLOORS.perCategory);
    }
    expect(figures.falsePositiveRate).toBeLessThanOrEqual(FLOORS.falsePositives);
  }, 60_000);

  it('finds the development part above its floors (it was tuned and trained on it)', () => {
    const figures = measure(
      corpus.filter((item) => item.part === 'dev'),
      CRISIS_CATEGORIES,
      classifyCrisis,
    );
    expect(figures.recall.overall?.recall).toBeGreaterThanOrEqual(DEV_FLOORS.overall);
    expect(figures.falsePositiveRate).toBeLessThanOrEqual(DEV_FLOORS.falsePositives);
  }, 60_000);

  it('has committed the weights that training on the development part gives', () => {
    const items = crisisTrainingSet().map((item) => ({
      lemmas: lemmaString(item.text),
      labels: item.labels,
    }));
    expect(crisisTrainingSet().every((item) => item.part === 'dev')).toBe(true);
    const { file } = train(items, CRISIS_CATEGORIES, ABOUT_WEIGHTS);
    // Compared as JSON text, as the script writes it: run `npm run train:crisis` if it differs.
    expect(JSON.stringify(file)).toBe(JSON.stringify(weights));
  }, 120_000);
});
