/**
 * The one Redis connection (rate-limit counters, token denylist), built so that Redis can
 * never hold a request up for long:
 * - every command answers within the command timeout (REDIS_COMMAND_TIMEOUT_MS) or fails;
 * - nothing is queued while the connection is down (no offline queue);
 * - after a failure the link is unavailable: callers take their fallback at once, without
 *   asking Redis, until Redis answers a probe (a PING every second) or a reconnection.
 * The outage and the recovery are each logged once.
 *
 * The probe is a timer made with the link, at start-up, never one made by whatever failed:
 * a failure is usually noticed inside a request, and a timer made there would run every
 * probe in that request's async context, under its deadline (db/deadline.ts). Once that
 * deadline passed, every recovery task's database read was refused, and a Redis frozen for
 * longer than a request deadline was never used again.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RedisLinkOptions {
  url: string;
  commandTimeoutMs: number;
  log: FastifyBaseLogger;
  /** How often an unavailable link asks Redis whether it answers again. */
  probeIntervalMs?: number;
}

/** Redis answered, with an error: a mistake in the command, not an outage. */
const isReplyError = (error: unknown) => error instanceof Error && error.name === 'ReplyError';

export class RedisLink {
  readonly client: Redis;
  private up = false;
  /** An outage was logged and its end is not yet. */
  private inOutage = false;
  private readonly probe: NodeJS.Timeout;
  private recovering: Promise<void> | undefined;
  private readonly recoveryTasks: (() => Promise<void>)[] = [];
  private closed = false;
  private settle: (() => void) | undefined;
  private readonly settled: Promise<void>;

  constructor(private readonly options: RedisLinkOptions) {
    this.client = new Redis(options.url, {
      commandTimeout: options.commandTimeoutMs,
      connectTimeout: Math.max(1_000, options.commandTimeoutMs),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // A command that timed out may still run once Redis thaws: never send it twice.
      autoResendUnfulfilledCommands: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    this.settled = new Promise((resolve) => {
      this.settle = resolve;
    });
    this.client.on('ready', () => void this.recover());
    this.client.on('error', (error: Error) => this.fail(error));
    this.client.on('close', () => this.fail(new Error('Redis connection closed')));
    this.probe = setInterval(() => {
      // While reconnecting, the 'ready' event says when to try.
      if (!this.up && !this.closed && this.client.status === 'ready') void this.recover();
    }, options.probeIntervalMs ?? 1_000);
    this.probe.unref();
  }

  /** Whether commands go to Redis now; false while it is down, frozen or not yet connected. */
  get available(): boolean {
    return this.up;
  }

  /**
   * Resolves once the first connection attempt has succeeded or failed (at most after
   * `timeoutMs`), so that a fresh process counts in Redis from its first request.
   */
  async firstAttempt(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.settled,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /**
   * Work to finish before the link counts as available again after an outage, such as
   * copying into Redis what was recorded elsewhere meanwhile. A task that fails keeps the
   * link unavailable until the next probe.
   */
  beforeRecovery(task: () => Promise<void>): void {
    this.recoveryTasks.push(task);
  }

  /**
   * Runs a command: `{ value }`, or null when Redis is unavailable or does not answer in
   * time (the caller then uses its fallback). An error Redis itself answered is thrown.
   */
  async run<T>(command: (client: Redis) => Promise<T>): Promise<{ value: T } | null> {
    if (!this.up) return null;
    try {
      return { value: await command(this.client) };
    } catch (error) {
      if (isReplyError(error)) throw error;
      this.fail(error as Error);
      return null;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.up = false;
    clearInterval(this.probe);
    this.client.disconnect();
  }

  private fail(error: Error): void {
    if (this.closed) return;
    this.up = false;
    this.settle?.();
    if (!this.inOutage) {
      this.inOutage = true;
      this.options.log.warn(
        { err: { type: error.name, message: error.message } },
        "Redis unavailable: rate limits count in this process's memory, revoked tokens are checked in the database",
      );
    }
  }

  private recover(): Promise<void> {
    this.recovering ??= (async () => {
      try {
        await this.client.ping();
        for (const task of this.recoveryTasks) await task();
        if (this.closed) return;
        this.up = true;
        this.settle?.();
        if (this.inOutage) {
          this.inOutage = false;
          this.options.log.info('Redis answers again: rate limits and revoked tokens use it again');
        }
      } catch {
        // Still unavailable: the probe tries again.
      } finally {
        this.recovering = undefined;
      }
    })();
    return this.recovering;
  }
}
