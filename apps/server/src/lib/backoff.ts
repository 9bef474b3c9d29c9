/** Exponential backoff: nothing before the first failure, then `firstMs`, doubling, capped. */
export function backoffDelay(failures: number, options: { firstMs: number; maxMs: number }) {
  if (failures <= 0) return 0;
  return Math.min(options.firstMs * 2 ** Math.min(failures - 1, 30), options.maxMs);
}
