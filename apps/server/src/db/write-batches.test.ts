import { describe, expect, it } from 'vitest';
import {
  currentDeadline,
  type Deadline,
  DeadlineExceededError,
  runWithDeadline,
} from './deadline.ts';
import { WriteBatcher } from './write-batches.ts';

/** A write whose batches the test finishes by hand, recording what each one held. */
function heldWrites() {
  const batches: {
    inputs: number[];
    deadline: Deadline | undefined;
    finish(): void;
    fail(error: Error): void;
  }[] = [];
  const write = (inputs: readonly number[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push({
        inputs: [...inputs],
        deadline: currentDeadline(),
        finish: () => resolve(inputs.map((input) => input * 10)),
        fail: reject,
      });
    });
  return { batches, write };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteBatcher', () => {
  it('sends a write at once while fewer than maxInFlight batches run, then gathers the rest', async () => {
    const { batches, write } = heldWrites();
    const batcher = new WriteBatcher(write, { maxInFlight: 2, maxBatch: 10 });
    const outputs = [1, 2, 3, 4, 5].map((n) => batcher.submit(n));
    await settle();
    // 1 and 2 went alone; 3, 4 and 5 wait for a batch to end.
    expect(batches.map((b) => b.inputs)).toEqual([[1], [2]]);
    expect(batcher.queued).toBe(3);
    batches[0]?.finish();
    await settle();
    expect(batches.map((b) => b.inputs)).toEqual([[1], [2], [3, 4, 5]]);
    expect(batcher.queued).toBe(0);
    batches[1]?.finish();
    batches[2]?.finish();
    expect(await Promise.all(outputs)).toEqual([10, 20, 30, 40, 50]);
  });

  it('puts at most maxBatch writes in a batch, in the order they came', async () => {
    const { batches, write } = heldWrites();
    const batcher = new WriteBatcher(write, { maxInFlight: 1, maxBatch: 2 });
    const outputs = [1, 2, 3, 4, 5, 6].map((n) => batcher.submit(n));
    await settle();
    for (let i = 0; i < 4; i += 1) {
      batches[i]?.finish();
      await settle();
    }
    expect(batches.map((b) => b.inputs)).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(await Promise.all(outputs)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('fails the writes of a failed batch only, and goes on with the next', async () => {
    const { batches, write } = heldWrites();
    const batcher = new WriteBatcher(write, { maxInFlight: 1, maxBatch: 10 });
    const first = batcher.submit(1);
    const gathered = [batcher.submit(2), batcher.submit(3)];
    await settle();
    batches[0]?.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    batches[1]?.finish();
    expect(await Promise.all(gathered)).toEqual([20, 30]);
  });

  it('fails a batch whose write returns the wrong number of results', async () => {
    const batcher = new WriteBatcher(async () => [1], { maxInFlight: 1, maxBatch: 10 });
    const one = batcher.submit(1);
    const two = [batcher.submit(2), batcher.submit(3)];
    expect(await one).toBe(1);
    for (const output of two) await expect(output).rejects.toThrow('returned 1 results');
  });

  it('runs a batch under its earliest deadline, and refuses a write whose deadline passed while it waited', async () => {
    const { batches, write } = heldWrites();
    const batcher = new WriteBatcher(write, { maxInFlight: 1, maxBatch: 10 });
    const soon = { at: Date.now() + 60_000 };
    const later = { at: Date.now() + 120_000 };
    const passing = { at: Date.now() + 20 };
    const first = runWithDeadline(later, () => batcher.submit(1));
    const expired = runWithDeadline(passing, () => batcher.submit(2));
    const kept = [
      runWithDeadline(later, () => batcher.submit(3)),
      runWithDeadline(soon, () => batcher.submit(4)),
      batcher.submit(5),
    ];
    await settle();
    expect(batches[0]?.deadline).toBe(later);
    await new Promise((resolve) => setTimeout(resolve, 40));
    batches[0]?.finish();
    await expect(expired).rejects.toBeInstanceOf(DeadlineExceededError);
    await settle();
    expect(batches[1]?.inputs).toEqual([3, 4, 5]);
    expect(batches[1]?.deadline).toBe(soon);
    batches[1]?.finish();
    expect(await first).toBe(10);
    expect(await Promise.all(kept)).toEqual([30, 40, 50]);
  });

  it('runs a batch of writes without deadlines under none, whoever set it off', async () => {
    const { batches, write } = heldWrites();
    const batcher = new WriteBatcher(write, { maxInFlight: 1, maxBatch: 10 });
    const deadline = { at: Date.now() + 60_000 };
    const inside = runWithDeadline(deadline, () => batcher.submit(1));
    const outside = batcher.submit(2);
    await settle();
    expect(batches[0]?.deadline).toBe(deadline);
    // The second batch is sent from the end of the first, which ran under a deadline.
    batches[0]?.finish();
    await settle();
    expect(batches[1]?.inputs).toEqual([2]);
    expect(batches[1]?.deadline).toBeUndefined();
    batches[1]?.finish();
    expect(await Promise.all([inside, outside])).toEqual([10, 20]);
  });

  it('never puts two writes that share a key in one batch: the later one is written alone, at once', async () => {
    const { batches, write } = heldWrites();
    const alone: number[] = [];
    const batcher = new WriteBatcher(write, {
      maxInFlight: 1,
      maxBatch: 3,
      keys: {
        // Two keys a write, as a reply has (its question and its author): tens and units.
        of: (n: number) => [`q${Math.floor(n / 10)}`, `a${n % 10}`],
        alone: async (n: number) => {
          alone.push(n);
          return -n;
        },
      },
    });
    const outputs = [11, 21, 12, 32, 43, 22, 13].map((n) => batcher.submit(n));
    await settle();
    expect(batches.map((b) => b.inputs)).toEqual([[11]]);
    batches[0]?.finish();
    await settle();
    // 32 shares a2 with 12: alone, while 43 fills the batch and 22 and 13 wait for the next.
    expect(batches.map((b) => b.inputs)).toEqual([[11], [21, 12, 43]]);
    expect(alone).toEqual([32]);
    batches[1]?.finish();
    await settle();
    batches[2]?.finish();
    expect(batches.map((b) => b.inputs)).toEqual([[11], [21, 12, 43], [22, 13]]);
    expect(await Promise.all(outputs)).toEqual([110, 210, 120, -32, 430, 220, 130]);
  });

  it('fails the writes still waiting when a batch loses its connection', async () => {
    const { batches, write } = heldWrites();
    const batcher = new WriteBatcher(write, { maxInFlight: 1, maxBatch: 10 });
    const first = batcher.submit(1);
    const waiting = [batcher.submit(2), batcher.submit(3)];
    await settle();
    const lost = new Error('Query read timeout');
    batches[0]?.fail(lost);
    await expect(first).rejects.toBe(lost);
    for (const output of waiting) await expect(output).rejects.toBe(lost);
    // Later writes start afresh.
    const later = batcher.submit(4);
    await settle();
    expect(batches.map((b) => b.inputs)).toEqual([[1], [4]]);
    batches[1]?.finish();
    expect(await later).toBe(40);
  });
});
