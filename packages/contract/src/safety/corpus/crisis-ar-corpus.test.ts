/**
 * The crisis check in Arabic (issue 40, item 6), measured like the English one: on the test
 * part of its own corpus (`crisis-ar.json`, split by the same seeded hash), which the Arabic
 * rules (`lang/crisis-ar.ts`) were never tuned on. Prints recall and false-positive rate per
 * category, and holds the floors below.
 */
import { describe, expect, it } from 'vitest';
import { CRISIS_CATEGORIES } from '../../enums.ts';
import { classifyCrisis } from '../crisis.ts';
import { crisisCorpusOf, formatFigures, measure } from './corpus.ts';
import { expectAboveFloors } from './floors.ts';

/** Issue 40's goals: the English corpus method, recall >= 0.85, false positives <= 3 %. */
const GOALS = { recall: 0.85, falsePositives: 0.03 };
/**
 * Just under what the test part reached when the rules were written (2026-12-07: overall
 * 0.963, 78/81; the lowest category 0.875, minor_with_adult 7/8; 1 false alarm of 91
 * negatives, 1.1 %). Raise them with the figures.
 */
const FLOORS = { overall: 0.95, perCategory: 0.85, falsePositives: 0.02 };
/** The development part the rules were written from (0.994 and no false alarm). */
const DEV_FLOORS = { overall: 0.98, falsePositives: 0.01 };

/** The contract is built without Node's or the DOM's types; the test runs in Node. */
declare const console: { log(message: string): void };

describe('the Arabic crisis corpus', () => {
  const corpus = crisisCorpusOf('ar');

  it('has at least 360 sentences: every category, 150 hard negatives, no repeats', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(360);
    expect(corpus.filter((item) => item.labels.length === 0).length).toBeGreaterThanOrEqual(150);
    for (const category of CRISIS_CATEGORIES) {
      expect(corpus.filter((item) => item.labels.includes(category)).length).toBeGreaterThan(25);
    }
    expect(new Set(corpus.map((item) => item.text.toLowerCase())).size).toBe(corpus.length);
    const test = corpus.filter((item) => item.part === 'test').length;
    expect(test / corpus.length).toBeGreaterThanOrEqual(1 / 3);
  });

  it('finds the test part above the floors, and prints its figures', () => {
    const figures = measure(
      corpus.filter((item) => item.part === 'test'),
      CRISIS_CATEGORIES,
      classifyCrisis,
    );
    console.log(formatFigures('Crisis check, Arabic, test part of the corpus:', figures));
    const met =
      CRISIS_CATEGORIES.every(
        (category) => (figures.recall[category]?.recall ?? 0) >= GOALS.recall,
      ) && figures.falsePositiveRate <= GOALS.falsePositives;
    console.log(`  issue 40's goals (0.85 each, 3 % false positives): ${met ? 'met' : 'not met'}`);
    expectAboveFloors(figures, CRISIS_CATEGORIES, { ...FLOORS, each: FLOORS.perCategory });
  }, 60_000);

  it('finds the development part above its floors (the rules were written from it)', () => {
    const figures = measure(
      corpus.filter((item) => item.part === 'dev'),
      CRISIS_CATEGORIES,
      classifyCrisis,
    );
    expectAboveFloors(figures, CRISIS_CATEGORIES, DEV_FLOORS);
  }, 60_000);
});
