/**
 * Reads on replicas (DATABASE_READ_URL), with one's own writes always seen.
 *
 * A streaming replica replays the primary's write-ahead log a little behind it. Each
 * replica's replayed position (its LSN) is polled every POLL_INTERVAL_MS, and a read is
 * sent where it can be served:
 * - a read that needs no position (nobody's fresh write): any healthy replica, in turn;
 * - a read that needs a position (the log position of its reader's last write, from the
 *   `Read-After` header or the recent-writer record, plugins/replica-reads.ts): a healthy
 *   replica that has replayed at least that far, else the primary;
 * - no healthy replica: the primary.
 * A replica whose poll fails is unhealthy until a poll succeeds again. A read that fails
 * on a replica because the replica cannot serve it (gone, unreachable, too slow, or a
 * statement cancelled by a conflict with the replay) marks it unhealthy and runs again,
 * once, on the primary: a replica never makes a read fail.
 *
 * Each URL must reach one server (directly, or through a pooler in front of that one
 * server): a read runs all its statements on the replica it was given, and the caches
 * keyed by versions rely on a later statement seeing at least what an earlier one saw
 * (services/feed-cache.ts), which holds on one server, whose replay only moves forward.
 */
import { isDatabaseUnavailable, isTransactionConflict } from './unavailable.ts';

/** How often each replica's replayed position is read. */
export const POLL_INTERVAL_MS = 200;
/** Longest wait for one poll's answer: a replica slower than that is not used. */
const POLL_TIMEOUT_MS = 1_000;

/** A log position as PostgreSQL writes it: two hexadecimal numbers of 32 bits, `0/3000148`. */
const LSN_PATTERN = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** The log position `text` names, or null when it is not one (anything else is ignored). */
export function parseLsn(text: unknown): bigint | null {
  if (typeof text !== 'string') return null;
  const match = LSN_PATTERN.exec(text);
  if (match === null) return null;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** `lsn` as PostgreSQL writes it (upper case, no leading zeros). */
export function formatLsn(lsn: bigint): string {
  const high = lsn >> 32n;
  const low = lsn & 0xffffffffn;
  return `${high.toString(16).toUpperCase()}/${low.toString(16).toUpperCase()}`;
}

/** The highest possible position: no replica has replayed it, so a read needing it goes to the primary. */
export const LSN_MAX = (1n << 64n) - 1n;

/** What the router knows of one replica. */
export interface ReplicaState {
  /** Its last poll answered (and no read on it has failed since). */
  healthy: boolean;
  /** How far it had replayed at its last poll; null until known. */
  replayed: bigint | null;
}

/**
 * The replica a read goes to: its index in `replicas`, or null for the primary. `need` is
 * the position the read must see (null: none); `from` is where the turn starts, so that
 * reads needing nothing are spread over the replicas.
 */
export function pickReplica(
  replicas: readonly ReplicaState[],
  need: bigint | null,
  from: number,
): number | null {
  const count = replicas.length;
  for (let i = 0; i < count; i += 1) {
    const index = (from + i) % count;
    const replica = replicas[index];
    if (replica === undefined || !replica.healthy || replica.replayed === null) continue;
    if (need === null || replica.replayed >= need) return index;
  }
  return null;
}

/**
 * Whether a read failed because of the replica it ran on, so that the primary may serve it:
 * the replica is gone, unreachable, out of connections or too slow (the outages of
 * unavailable.ts), or it cancelled the statement for a conflict with what it replays
 * (40001, "canceling statement due to conflict with recovery"). A request past its
 * deadline or a server shutting down is not the replica's doing, nor is a bug.
 */
export function isReplicaFailure(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isTransactionConflict(error);
}

/** One replica: the executor of its reads, and how to ask how far it has replayed. */
export interface Replica<D> {
  db: D;
  /** How far it has replayed (a primary: how far it has written); null when it cannot say. */
  position(timeoutMs: number): Promise<bigint | null>;
}

export interface ReadReplicasOptions {
  pollIntervalMs?: number;
  /** Told once when a replica becomes unhealthy, and once when it is healthy again. */
  onHealth?: (index: number, healthy: boolean, error?: unknown) => void;
}

/** Picks where each read goes, from the replicas' polled positions; see the module comment. */
export class ReadReplicas<D> {
  private readonly states: ReplicaState[];
  private readonly timers: (NodeJS.Timeout | undefined)[];
  private turn = 0;
  private stopped = false;
  private readonly pollIntervalMs: number;
  private onHealth: ReadReplicasOptions['onHealth'];

  constructor(
    private readonly primary: D,
    private readonly replicas: readonly Replica<D>[],
    options: ReadReplicasOptions = {},
  ) {
    this.states = replicas.map(() => ({ healthy: false, replayed: null }));
    this.timers = replicas.map(() => undefined);
    this.pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
    this.onHealth = options.onHealth;
  }

  /** Tells `listener` when a replica becomes unhealthy or healthy again (the server's log). */
  watchHealth(listener: NonNullable<ReadReplicasOptions['onHealth']>): void {
    this.onHealth = listener;
  }

  /**
   * Starts polling every replica (first poll now). Called at start-up, outside any
   * request: the timers must not run in a request's async context (its deadline).
   */
  start(): void {
    this.replicas.forEach((_, index) => {
      void this.poll(index);
    });
  }

  /** Stops polling; reads still pick from what was last known. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
  }

  /** A copy of what is known of each replica (tests, diagnostics). */
  snapshot(): ReplicaState[] {
    return this.states.map((state) => ({ ...state }));
  }

  /** Resolves once every replica has been polled at least once (or after `timeoutMs`). */
  async polled(timeoutMs = 5_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.states.some((state) => state.replayed === null) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async poll(index: number): Promise<void> {
    const replica = this.replicas[index];
    const state = this.states[index];
    if (replica === undefined || state === undefined || this.stopped) return;
    try {
      const replayed = await replica.position(POLL_TIMEOUT_MS);
      // A standby that has replayed nothing yet says null: not usable until it has.
      if (replayed !== null && (state.replayed === null || replayed >= state.replayed)) {
        state.replayed = replayed;
      }
      this.setHealth(index, replayed !== null);
    } catch (error) {
      this.setHealth(index, false, error);
    }
    if (this.stopped) return;
    this.timers[index] = setTimeout(() => void this.poll(index), this.pollIntervalMs);
    this.timers[index].unref();
  }

  /** Replicas whose health has been told since start-up (a first failure is news too). */
  private readonly told = new Set<number>();

  private setHealth(index: number, healthy: boolean, error?: unknown) {
    const state = this.states[index];
    if (state === undefined || (state.healthy === healthy && this.told.has(index))) return;
    this.told.add(index);
    state.healthy = healthy;
    this.onHealth?.(index, healthy, error);
  }

  /** Where a read needing `need` goes: a replica's executor and index, or the primary's. */
  choose(need: bigint | null): { db: D; replica: number | null } {
    const from = this.turn;
    this.turn = (this.turn + 1) % Math.max(1, this.replicas.length);
    const index = pickReplica(this.states, need, from);
    const replica = index === null ? undefined : this.replicas[index];
    return replica === undefined
      ? { db: this.primary, replica: null }
      : { db: replica.db, replica: index };
  }

  /**
   * Runs `read` (every statement of it on the executor it is given) where a read needing
   * `need` may go; if a replica fails it, runs it again on the primary.
   */
  async read<T>(need: bigint | null, read: (db: D) => Promise<T>): Promise<T> {
    const chosen = this.choose(need);
    if (chosen.replica === null) return read(this.primary);
    try {
      return await read(chosen.db);
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.setHealth(chosen.replica, false, error);
      return read(this.primary);
    }
  }
}
