/**
 * Fixed-window counters for the rate limits: in Redis when it is configured and answers
 * (shared by every instance), otherwise in this process's memory. A Redis that is down or
 * frozen never turns the limits off: each call it cannot answer in time is counted in
 * memory instead, per process, until Redis answers again (lib/redis-link.ts).
 */
import type { RedisLink } from './redis-link.ts';

export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Adds one and starts the window on the first hit; returns the count and the time left. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** Takes one back, never below zero, and never revives a window that has ended. */
const UNDO_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Beyond this many live keys, the memory counters drop expired ones, then the oldest. */
const MEMORY_MAX_KEYS = 100_000;

export class MemoryCounters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  hit(key: string, windowMs: number, now = Date.now()): Hit {
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= MEMORY_MAX_KEYS) this.prune(now);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, ttlMs: window.endsAt - now };
  }

  undo(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (window !== undefined && window.endsAt > now && window.count > 0) window.count -= 1;
  }

  get size(): number {
    return this.windows.size;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
    // Map order is insertion order: the oldest windows go first.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MEMORY_MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}

export class Counters {
  private readonly memory = new MemoryCounters();

  /**
   * @param redis the shared Redis, or null to count in memory only
   * @param prefix the start of every Redis key (REDIS_PREFIX and the counters' own part)
   */
  constructor(
    private readonly redis: RedisLink | null,
    private readonly prefix: string,
  ) {}

  /** Counts one hit on `key` in a window of `windowMs` that starts with its first hit. */
  async hit(key: string, windowMs: number): Promise<Hit> {
    const shared = await this.redis?.run(async (client) => {
      const reply = (await client.eval(HIT_SCRIPT, 1, this.prefix + key, windowMs)) as [
        number,
        number,
      ];
      return { count: Number(reply[0]), ttlMs: Number(reply[1]) };
    });
    return shared ? shared.value : this.memory.hit(key, windowMs);
  }

  /** Takes back one hit on `key` (a login that turned out to be the owner's). */
  async undo(key: string): Promise<void> {
    const shared = await this.redis?.run((client) =>
      client.eval(UNDO_SCRIPT, 1, this.prefix + key),
    );
    if (!shared) this.memory.undo(key);
  }
}
