/**
 * Reads of one key shared by the requests that want it at the same moment. A request may
 * use a read that was sent after it arrived, never one already on its way (that one may
 * have been answered before a write the request's sender saw committed): a request
 * arriving while a read is in flight waits for the next one, which every request arriving
 * meanwhile shares. Under load that is one query per key per round trip to the database
 * instead of one per request, and a request still sees every write committed before it
 * arrived. When the read on its way fails, the requests waiting for the next one fail with
 * it; the next request to arrive reads again.
 */
interface Reads<T> {
  inFlight: Promise<T> | null;
  /** The read that starts when the one in flight ends: not sent yet. */
  queued: Promise<T> | null;
}

export class SharedReads<K, T> {
  private readonly byKey = new Map<K, Reads<T>>();

  constructor(private readonly read: (key: K) => Promise<T>) {}

  get(key: K): Promise<T> {
    let reads = this.byKey.get(key);
    if (reads === undefined) {
      reads = { inFlight: null, queued: null };
      this.byKey.set(key, reads);
    }
    if (reads.queued) return reads.queued;
    const sent = reads.inFlight;
    if (sent === null) return this.send(key, reads);
    const entry = reads;
    const queued = sent.then(
      () => {
        entry.queued = null;
        return this.send(key, entry);
      },
      (error: unknown) => {
        // The database has just failed the read on its way: those waiting for the next one
        // get the same answer now, rather than a second wait as long as the first (a stalled
        // database would double every queued request's time before its 503).
        entry.queued = null;
        if (entry.inFlight === null && this.byKey.get(key) === entry) this.byKey.delete(key);
        throw error;
      },
    );
    entry.queued = queued;
    return queued;
  }

  /** Keys with a read in flight or queued (tests: nothing is left behind). */
  get size(): number {
    return this.byKey.size;
  }

  private send(key: K, reads: Reads<T>): Promise<T> {
    const read = this.read(key).finally(() => {
      if (reads.inFlight !== read) return;
      reads.inFlight = null;
      if (reads.queued === null && this.byKey.get(key) === reads) this.byKey.delete(key);
    });
    reads.inFlight = read;
    return read;
  }
}
