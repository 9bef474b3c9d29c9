/**
 * The crisis check measured on the test part of the Spanish corpus (`crisis-es.json`, split by
 * the same seeded hash as the English one; the Spanish rules, lang/crisis-es.ts, were written
 * from the development part only). Prints recall per category and false positives, and holds
 * the floors below. The whole check runs (English layers and Spanish rules), as on the site.
 */
import { describe, expect, it } from 'vitest';
import { CRISIS_CATEGORIES } from '../../enums.ts';
import { classifyCrisis } from '../crisis.ts';
import { crisisCorpusOf, formatFigures, measure } from './corpus.ts';
import { expectAboveFloors } from './floors.ts';

/** Issue 40's goals for each language: recall >= 0.85 (each category), false positives <= 3 %. */
const GOALS = { perCategory: 0.85, falsePositives: 0.03 };
/**
 * What the test part reaches (2026-12-07, measured once after tuning), rounded down (false
 * positives: the measured rate, rounded up): overall 0.857 (108/126), the lowest category
 * stalking 0.75 (15/20), false positives 8 of 184 (4.3 %). Issue 40's goals are not met: the
 * floors are what it measures, not the goals. Of the test part, the 191 sentences it had
 * before read as before (84/91, 4 of 100); the 119 written afterwards (256 new, split by the
 * seed), which no rule was written for, read 24/35 and 4 of 84: the rules generalise less
 * than the older figures said.
 */
const FLOORS = { overall: 0.85, perCategory: 0.75, falsePositives: 0.044 };
/** The development part (the rules were written from it): 180 of 180, 1 false alarm of 246. */
const DEV_FLOORS = { overall: 1, falsePositives: 0.0041 };

/** The contract is built without Node's or the DOM's types; the test runs in Node. */
declare const console: { log(message: string): void };

describe('the Spanish crisis corpus', () => {
  const corpus = crisisCorpusOf('es');

  it('has at least 360 sentences, about half hard negatives, every category, no repeats', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(360);
    const negatives = corpus.filter((item) => item.labels.length === 0).length;
    expect(negatives).toBeGreaterThanOrEqual(corpus.length * 0.4);
    for (const category of CRISIS_CATEGORIES) {
      expect(corpus.filter((item) => item.labels.includes(category)).length).toBeGreaterThan(30);
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
    console.log(formatFigures('Crisis check, Spanish, test part of the corpus:', figures));
    const met =
      CRISIS_CATEGORIES.every(
        (category) => (figures.recall[category]?.recall ?? 0) >= GOALS.perCategory,
      ) && figures.falsePositiveRate <= GOALS.falsePositives;
    console.log(
      `  issue 40's goals (0.85 each, 3 % false positives): ${met ? 'met' : 'not met yet'}`,
    );
    expectAboveFloors(figures, CRISIS_CATEGORIES, { ...FLOORS, each: FLOORS.perCategory });
  }, 60_000);

  it('finds the development part above its floors', () => {
    const figures = measure(
      corpus.filter((item) => item.part === 'dev'),
      CRISIS_CATEGORIES,
      classifyCrisis,
    );
    expectAboveFloors(figures, CRISIS_CATEGORIES, DEV_FLOORS);
  }, 60_000);
});
