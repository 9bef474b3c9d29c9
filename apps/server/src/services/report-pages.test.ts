import { describe, expect, it } from 'vitest';
import { type ReportPage, ReportPages } from './report-pages.ts';

describe('ReportPages', () => {
  const pageOf = (n: number): ReportPage => ({ json: Buffer.from(`[${n}]`), link: null });

  it('reads a page once per version and page size, and again after any change', async () => {
    let version = 1n;
    let reads = 0;
    const pages = new ReportPages(async () => version);
    const fresh = async () => pageOf(++reads);
    expect(await pages.firstPage(100, fresh)).toEqual(pageOf(1));
    expect(await pages.firstPage(100, fresh)).toEqual(pageOf(1));
    expect(await pages.firstPage(20, fresh)).toEqual(pageOf(2));
    version = 2n;
    expect(await pages.firstPage(100, fresh)).toEqual(pageOf(3));
    expect(reads).toBe(3);
  });

  it('shares one read among the requests that miss together, and keeps no failure', async () => {
    let reads = 0;
    const pages = new ReportPages(async () => 1n);
    let finish: (page: ReportPage) => void = () => {};
    const slow = () => {
      reads += 1;
      return new Promise<ReportPage>((resolve) => {
        finish = resolve;
      });
    };
    const first = pages.firstPage(100, slow);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = pages.firstPage(100, slow);
    finish(pageOf(7));
    expect(await first).toEqual(pageOf(7));
    expect(await second).toEqual(pageOf(7));
    expect(reads).toBe(1);

    const failing = new ReportPages(async () => 1n);
    await expect(
      failing.firstPage(100, async () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(await failing.firstPage(100, async () => pageOf(8))).toEqual(pageOf(8));
  });
});
