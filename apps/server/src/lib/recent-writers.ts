/**
 * Who wrote in the last few seconds, and how far the primary's log was after that write:
 * so that a read by the same identity that carries no `Read-After` header (another tab of
 * the account, a client that drops the header) is still served by a replica only once the
 * replica has replayed that write (plugins/replica-reads.ts).
 *
 * An identity is an account id or an anonymous key, kept only as a keyed hash of its own
 * purpose (lib/keyed-hashes.ts): nothing here names an account or a key, nor matches a
 * value the database holds (a post's key hash). With REDIS_URL, the record is in Redis,
 * shared by every instance (a key per identity, with a TTL); otherwise in this process's
 * memory. Either way it lasts RECENT_WRITE_MS: a replica that lags longer than that is
 * late beyond what this can mend, and the header still covers the tab that wrote.
 */
import { KeyedHashes } from './keyed-hashes.ts';
import { LruCache } from './lru-cache.ts';
import type { RedisLink } from './redis-link.ts';

/** How long a write keeps its writer's reads on up-to-date servers. */
export const RECENT_WRITE_MS = 10_000;
/** Room for about 40,000 writers in memory (each about 100 bytes). */
const MEMORY_BYTES = 4_000_000;

/**
 * Keeps the higher of the stored position and ARGV[1] (both 16 hexadecimal digits, so that
 * comparing the strings compares the positions), for ARGV[2] ms from now.
 */
const KEEP_HIGHEST = `
local kept = redis.call('GET', KEYS[1])
if kept and kept >= ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** An identity as the record names it: before hashing. */
export type WriterIdentity = { account: number } | { key: string };

/** What is known of an identity's last write: its position, none, or unknown (Redis failed). */
export type LastWrite = bigint | null | 'unknown';

function hex16(lsn: bigint): string {
  return lsn.toString(16).padStart(16, '0');
}

export class RecentWriters {
  private readonly hashes: KeyedHashes;
  private readonly memory = new LruCache<string, { lsn: bigint; until: number }>(MEMORY_BYTES);

  constructor(
    serverSecret: string,
    private readonly redis: RedisLink | null,
    private readonly prefix: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.hashes = new KeyedHashes(serverSecret, 'recent-writer/v1');
  }

  private nameOf(identity: WriterIdentity): string {
    return this.hashes.of('account' in identity ? `a:${identity.account}` : `k:${identity.key}`);
  }

  /** Records that `identity` wrote, and that the log was at `lsn` after the write. */
  async wrote(identity: WriterIdentity, lsn: bigint): Promise<void> {
    const name = this.nameOf(identity);
    if (this.redis === null) {
      const kept = this.memory.get(name);
      const until = this.clock() + RECENT_WRITE_MS;
      this.memory.set(
        name,
        { lsn: kept !== undefined && kept.lsn > lsn ? kept.lsn : lsn, until },
        100,
      );
      return;
    }
    await this.redis.run((client) =>
      client.eval(KEEP_HIGHEST, 1, `${this.prefix}${name}`, hex16(lsn), String(RECENT_WRITE_MS)),
    );
  }

  /** The position after `identity`'s last write of the last RECENT_WRITE_MS, if any. */
  async lastWrite(identity: WriterIdentity): Promise<LastWrite> {
    const name = this.nameOf(identity);
    if (this.redis === null) {
      const kept = this.memory.get(name);
      if (kept === undefined) return null;
      if (kept.until <= this.clock()) {
        this.memory.delete(name);
        return null;
      }
      return kept.lsn;
    }
    const answer = await this.redis.run((client) => client.get(`${this.prefix}${name}`));
    if (answer === null) return 'unknown';
    const value = answer.value;
    return value === null || !/^[0-9a-f]{16}$/.test(value) ? null : BigInt(`0x${value}`);
  }
}
