/**
 * Keyed hashes of what a counter kept outside the database is about (the rate limits'
 * subjects: a client address, a user id or a key's hash, an account, a device, a target):
 * an HMAC under a key derived (HKDF) from the server secret for one purpose only, so that
 * Redis, its snapshots and its replicas hold no address, no user id and no value that the
 * database also holds (a post's key hash). Every instance sharing the secret (as they
 * must) derives the same key, so a limit stays one budget across instances; without the
 * secret, nobody can tell whose a counter is, nor match it to anything in the database.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import type { RateLimitSubject } from '../rate-limits.ts';

/** 128 bits: two subjects sharing a budget by chance is out of reach. */
const HASH_CHARS = 22;

export class KeyedHashes {
  private readonly key: Buffer;

  /**
   * @param serverSecret the server secret (JWT_SECRET or the data directory's)
   * @param purpose the HKDF info: one per use, so that no two uses share a key
   */
  constructor(serverSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', purpose, 32));
  }

  /** The keyed hash of `value`: 22 base64url characters. */
  of(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64url').slice(0, HASH_CHARS);
  }
}

/**
 * The names of the rate limits' counters (plugins/rate-limit.ts): `<rule>:<keyed hash>`,
 * each kind of subject under a key of its own, and the rule inside the hash, so that the
 * counters of one subject under two rules (a key's likes and its reports) share no value.
 */
export class CounterNames {
  private readonly hashes: Record<RateLimitSubject, KeyedHashes>;

  constructor(serverSecret: string) {
    const hashes = (subject: RateLimitSubject) =>
      new KeyedHashes(serverSecret, `rate-limit-${subject}/v1`);
    this.hashes = {
      ip: hashes('ip'),
      identity: hashes('identity'),
      account: hashes('account'),
      device: hashes('device'),
      target: hashes('target'),
    };
  }

  /** The counter of `rule` for a subject of its kind, named as it is (an address, `u12`...). */
  of(rule: string, subject: RateLimitSubject, value: string): string {
    return `${rule}:${this.hashes[subject].of(`${rule}\n${value}`)}`;
  }
}
