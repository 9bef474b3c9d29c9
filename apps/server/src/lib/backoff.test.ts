import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

describe('backoffDelay', () => {
  const options = { firstMs: 500, maxMs: 30_000 };

  it('waits nothing before a failure, then doubles from the first delay up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, options))).toEqual([
      0, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('never exceeds the cap and never shrinks as failures add up, however many', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (n) => {
        const delay = backoffDelay(n, options);
        expect(delay).toBeLessThanOrEqual(options.maxMs);
        expect(backoffDelay(n + 1, options)).toBeGreaterThanOrEqual(delay);
        expect(Number.isFinite(delay)).toBe(true);
      }),
    );
  });
});
