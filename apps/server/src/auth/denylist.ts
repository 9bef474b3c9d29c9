/**
 * Access tokens revoked before they expire: one access token by its id (`jti:<id>`), or
 * every access token of one login (`fam:<refresh family id>`), each kept until the tokens
 * it names would have expired anyway. Checked on every signed-in request.
 *
 * The database keeps the record, always. With REDIS_URL set, each revocation is copied
 * into Redis (with the same lifetime) and Redis answers the per-request check; while
 * Redis is unavailable, the database answers it. When Redis answers again, the
 * revocations recorded meanwhile are copied into it before it is used (lib/redis-link.ts),
 * so no revocation is ever missed, on any instance.
 */
import type { Db, Executor } from '../db/connection.ts';
import type { RedisLink } from '../lib/redis-link.ts';
import {
  anyRevoked,
  deleteExpiredRevokedTokens,
  insertRevokedTokens,
  liveRevokedTokens,
  type RevokedToken,
} from '../repositories/revoked-tokens.ts';

export class TokenDenylist {
  /**
   * @param db the database, for the check while Redis is unavailable and for copying
   * @param redis the shared Redis, or null to keep the denylist in the database only
   * @param prefix the start of every Redis key
   */
  constructor(
    private readonly db: Db,
    private readonly redis: RedisLink | null,
    private readonly prefix: string,
  ) {
    redis?.beforeRecovery(() => this.copyToRedis());
  }

  /** Revokes until each entry's expiry; `db` is the caller's transaction, if it has one. */
  async deny(db: Executor, entries: RevokedToken[]): Promise<void> {
    const now = Date.now();
    const live = entries.filter((entry) => entry.expiresAt.getTime() > now);
    if (live.length === 0) return;
    await insertRevokedTokens(db, live);
    await this.redis?.run((client) => this.write(client, live));
  }

  /** Whether any of these ids is revoked. */
  async isDenied(ids: string[]): Promise<boolean> {
    if (ids.length === 0) return false;
    const shared = await this.redis?.run((client) =>
      client.exists(...ids.map((id) => this.prefix + id)),
    );
    if (shared) return shared.value > 0;
    return anyRevoked(this.db, ids);
  }

  /** Drops the database's expired revocations (Redis expires its own). */
  sweep(): Promise<number> {
    return deleteExpiredRevokedTokens(this.db);
  }

  private async copyToRedis(): Promise<void> {
    const live = await liveRevokedTokens(this.db);
    if (live.length > 0 && this.redis) await this.write(this.redis.client, live);
  }

  private async write(client: RedisLink['client'], entries: RevokedToken[]): Promise<void> {
    const now = Date.now();
    const batch = client.multi();
    for (const entry of entries) {
      const ttl = entry.expiresAt.getTime() - now;
      if (ttl > 0) batch.set(this.prefix + entry.id, '1', 'PX', ttl);
    }
    const results = await batch.exec();
    const failed = results?.find(([error]) => error !== null)?.[0];
    if (failed) throw failed;
  }
}
