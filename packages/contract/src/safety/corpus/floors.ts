/**
 * The corpus tests' one assertion of figures against their floors (every language's crisis
 * and personal-info corpus): recall overall and, when `each` is given, per label, and the
 * false-positive rate under its ceiling. Test code only: no check imports it.
 */
import { expect } from 'vitest';
import type { Figures } from './corpus.ts';

export interface Floors {
  overall: number;
  /** The floor of every label's recall; left out, only the overall recall is held. */
  each?: number;
  falsePositives: number;
}

export function expectAboveFloors(
  figures: Figures,
  labels: readonly string[],
  floors: Floors,
): void {
  expect(figures.recall.overall?.recall).toBeGreaterThanOrEqual(floors.overall);
  if (floors.each !== undefined) {
    for (const label of labels) {
      expect(figures.recall[label]?.recall, label).toBeGreaterThanOrEqual(floors.each);
    }
  }
  expect(figures.falsePositiveRate).toBeLessThanOrEqual(floors.falsePositives);
}
