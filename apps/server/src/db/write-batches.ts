/**
 * Group commit in the application: concurrent writes of one kind (likes) are written by one
 * statement, so that they share its round trip, its plan and its commit (the WAL flush a
 * commit waits for is most of a small write's cost). A write is sent at once when fewer than
 * `maxInFlight` batches are running, so a lone write waits for nobody; only while that many
 * are running do the writes that arrive meanwhile gather into the next batch.
 *
 * Each write is answered only after its batch's statement returned, that is after its
 * commit: an acknowledged write is as durable as one written alone.
 *
 * A batch runs under the earliest deadline of its writes (db/deadline.ts): the database
 * cancels it, and fails every write in it, before any of them could be told it failed while
 * its write still committed. A write whose deadline passed while it waited is refused
 * before the batch is sent, without holding the others back.
 *
 * Writes may name keys (`keys`): a batch never holds two writes that share one, so that a
 * batch's statement can treat each key (a question, an author) as written once. A write
 * whose key the batch has taken is written alone, at once, rather than wait for a later
 * batch: behind a batch in a stall it would wait out that batch's timeout before its own.
 *
 * When a batch's connection is lost or goes silent, the writes still waiting fail with it:
 * they came while the database did not answer, and each would otherwise wait for a batch
 * of its own to fail in turn, past the time a request caught in a stall is answered in.
 */
import {
  CommitOutcomeUnknownError,
  currentDeadline,
  type Deadline,
  DeadlineExceededError,
  runWithDeadline,
  withoutDeadline,
} from './deadline.ts';
import { isConnectionLost } from './unavailable.ts';

export interface WriteBatchOptions {
  /** Batches running at once: a bound on the pooled connections these writes hold. */
  maxInFlight: number;
  /** Writes in one batch at most (one statement's arrays). */
  maxBatch: number;
}

export interface WriteBatcherOptions<In, Out> extends WriteBatchOptions {
  keys?: {
    /** What no two writes of one batch may share. */
    of(input: In): readonly string[];
    /** Writes one whose key the batch has taken, by itself. */
    alone(input: In): Promise<Out>;
  };
}

interface Waiting<In, Out> {
  input: In;
  deadline: Deadline | undefined;
  resolve(output: Out): void;
  reject(error: unknown): void;
}

export class WriteBatcher<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private inFlight = 0;

  /**
   * `write` writes a batch in one statement (or transaction) and returns one output per
   * input, in their order; if it throws, every write of the batch fails with its error.
   */
  constructor(
    private readonly write: (inputs: readonly In[]) => Promise<readonly Out[]>,
    private readonly options: WriteBatcherOptions<In, Out>,
  ) {}

  /** Writes waiting for a batch: those that arrived while `maxInFlight` batches ran. */
  get queued(): number {
    return this.queue.length;
  }

  /** Resolves with this input's output once its batch has committed. */
  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, deadline: currentDeadline(), resolve, reject });
      this.drain();
    });
  }

  private drain() {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const live = this.nextBatch().filter((waiting) => {
        if (waiting.deadline === undefined || waiting.deadline.at > Date.now()) return true;
        waiting.reject(new DeadlineExceededError());
        return false;
      });
      if (live.length === 0) continue;
      this.inFlight += 1;
      void this.run(live);
    }
  }

  /**
   * Takes the next batch off the queue: the first writes, none sharing a key. Those whose
   * key it took, up to the last one it holds, are written alone.
   */
  private nextBatch(): Waiting<In, Out>[] {
    const { keys, maxBatch } = this.options;
    if (keys === undefined) return this.queue.splice(0, maxBatch);
    const taken = new Set<string>();
    const batch: Waiting<In, Out>[] = [];
    let next = 0;
    for (; next < this.queue.length && batch.length < maxBatch; next += 1) {
      const waiting = this.queue[next] as Waiting<In, Out>;
      const its = keys.of(waiting.input);
      if (its.some((key) => taken.has(key))) {
        this.alone(waiting, keys.alone);
        continue;
      }
      for (const key of its) taken.add(key);
      batch.push(waiting);
    }
    this.queue = this.queue.slice(next);
    return batch;
  }

  private alone(waiting: Waiting<In, Out>, write: (input: In) => Promise<Out>) {
    const { deadline } = waiting;
    const written = deadline
      ? runWithDeadline(deadline, () => write(waiting.input))
      : withoutDeadline(() => write(waiting.input));
    written.then(waiting.resolve, waiting.reject);
  }

  private async run(batch: Waiting<In, Out>[]) {
    try {
      const inputs = batch.map((waiting) => waiting.input);
      const deadline = earliest(batch);
      // The batch runs under its own deadline, not that of whichever request set it off.
      const outputs = await (deadline
        ? runWithDeadline(deadline, () => this.write(inputs))
        : withoutDeadline(() => this.write(inputs)));
      if (outputs.length !== batch.length) {
        throw new Error(`A batch of ${batch.length} writes returned ${outputs.length} results.`);
      }
      for (const [i, waiting] of batch.entries()) waiting.resolve(outputs[i] as Out);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      if (isConnectionLost(error)) {
        // Not sent, those: the database did not answer, and nothing of theirs was written.
        const lost = error instanceof CommitOutcomeUnknownError ? error.cause : error;
        for (const waiting of this.queue.splice(0)) waiting.reject(lost);
      }
    } finally {
      this.inFlight -= 1;
      this.drain();
    }
  }
}

function earliest(batch: readonly Waiting<unknown, unknown>[]): Deadline | undefined {
  let first: Deadline | undefined;
  for (const { deadline } of batch) {
    if (deadline !== undefined && (first === undefined || deadline.at < first.at)) {
      first = deadline;
    }
  }
  return first;
}
