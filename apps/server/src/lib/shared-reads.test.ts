import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads.ts';

/** A promise and the functions that settle it, for reads the test finishes by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

const settle = async () => {
  for (let i = 0; i < 4; i += 1) await Promise.resolve();
};

describe('SharedReads', () => {
  it('shares reads per key, each request getting only a read sent after it arrived', async () => {
    const reads: { key: number; read: ReturnType<typeof deferred<string>> }[] = [];
    const shared = new SharedReads<number, string>((key) => {
      const read = deferred<string>();
      reads.push({ key, read });
      return read.promise;
    });
    const a1 = shared.get(1);
    const b1 = shared.get(2);
    // Another key is read at once; the same key waits for the next read.
    expect(reads.map((r) => r.key)).toEqual([1, 2]);
    const a2 = shared.get(1);
    const a3 = shared.get(1);
    expect(reads).toHaveLength(2);
    reads[0]?.read.resolve('one, first');
    reads[1]?.read.resolve('two');
    expect([await a1, await b1]).toEqual(['one, first', 'two']);
    await settle();
    expect(reads.map((r) => r.key)).toEqual([1, 2, 1]);
    reads[2]?.read.resolve('one, second');
    expect([await a2, await a3]).toEqual(['one, second', 'one, second']);
    await settle();
    // Nothing in flight: nothing kept for any key.
    expect(shared.size).toBe(0);
  });

  it('fails the requests waiting behind a failed read with it, and reads again for the next', async () => {
    let calls = 0;
    const shared = new SharedReads<number, number>(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
      return calls;
    });
    const failing = shared.get(7);
    const waiting = shared.get(7);
    await expect(failing).rejects.toThrow('connection lost');
    await expect(waiting).rejects.toThrow('connection lost');
    expect(calls).toBe(1);
    await settle();
    expect(shared.size).toBe(0);
    expect(await shared.get(7)).toBe(2);
    await settle();
    expect(shared.size).toBe(0);
  });
});
