/**
 * Proof-of-work for anonymous writes: ALTCHA challenges made and checked
 * here with altcha-lib, no third party. A challenge is signed (so it cannot be forged or
 * made easier), expires, and is accepted once (a replay store: Redis when REDIS_URL is
 * set, so every instance knows, else this process's memory).
 *
 * The work: altcha-lib v2 in deterministic mode. The server picks a secret counter between
 * half of POW_DIFFICULTY and all of it, and publishes the start of the key PBKDF2-SHA-256
 * (5,000 iterations) derives from it; the client tries counters from 0 until its key
 * starts the same way. A browser derives keys with WebCrypto's native PBKDF2, as fast per
 * core as a bot's native code, so a person's device is not at a disadvantage beyond its
 * speed. Checking a solution costs the server one HMAC (the key's signature).
 */
import { hkdfSync, randomInt } from 'node:crypto';
import { PowChallenge } from '@dating/contract';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Redis } from 'ioredis';
import { type Static, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { badRequest } from '../lib/http-errors.ts';

export const POW_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations of one attempt. */
export const POW_COST = 5_000;
/** How long a challenge may be solved and used: long enough to write a question. */
export const CHALLENGE_TTL_SECONDS = 30 * 60;

/** Remembers used challenges until they expire: true the first time an id is claimed. */
export interface UsedChallenges {
  claim(id: string, ttlSeconds: number): Promise<boolean>;
}

/** One process's memory: right for a single instance. */
export class MemoryUsedChallenges implements UsedChallenges {
  private readonly used = new Map<string, number>();

  /**
   * At most `capacity` ids are kept (about 100 bytes each): expired ones go first, then
   * the oldest. Each id costs a solved challenge, so filling it costs its writer a
   * proportional amount of work.
   */
  constructor(private readonly capacity = 500_000) {}

  async claim(id: string, ttlSeconds: number): Promise<boolean> {
    const now = Date.now();
    const until = this.used.get(id);
    if (until !== undefined && until > now) return false;
    if (this.used.size >= this.capacity) this.prune(now);
    this.used.set(id, now + ttlSeconds * 1000);
    return true;
  }

  private prune(now: number) {
    for (const [id, until] of this.used) if (until <= now) this.used.delete(id);
    for (const id of this.used.keys()) {
      if (this.used.size < this.capacity) break;
      this.used.delete(id);
    }
  }
}

/** Redis (SET NX EX): every instance sees every use. Falls back to memory if Redis fails. */
export class RedisUsedChallenges implements UsedChallenges {
  private readonly fallback = new MemoryUsedChallenges();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  async claim(id: string, ttlSeconds: number): Promise<boolean> {
    try {
      const set = await this.redis.set(`${this.prefix}pow:${id}`, '1', 'EX', ttlSeconds, 'NX');
      return set === 'OK';
    } catch (error) {
      this.onError(error);
      return this.fallback.claim(id, ttlSeconds);
    }
  }
}

/**
 * What an `X-Altcha` header or `altcha` field must hold, checked in full before any field is
 * read: the challenge as we issued it (its signature is checked next, so a field of another
 * type could only ever fail), and a solution with a counter and a hex key of sane sizes.
 */
const Payload = Type.Object({
  challenge: PowChallenge,
  solution: Type.Object({
    counter: Type.Integer({ minimum: 0, maximum: 0xffff_ffff }),
    derivedKey: Type.String({ maxLength: 512, pattern: '^[0-9a-f]+$' }),
  }),
});
type Payload = Static<typeof Payload>;
const isPayload = Compile(Payload);

/** The payload of an `X-Altcha` header or `altcha` field, or null when it is not one. */
function decodePayload(raw: string): Payload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  return isPayload.Check(value) ? value : null;
}

export class ProofOfWork {
  private readonly signatureSecret: string;
  private readonly keySecret: string;

  constructor(
    /** The most attempts a challenge needs; null when proof-of-work is off. */
    readonly difficulty: number | null,
    serverSecret: string,
    private readonly used: UsedChallenges,
  ) {
    const derive = (info: string) =>
      Buffer.from(hkdfSync('sha256', serverSecret, '', info, 32)).toString('hex');
    this.signatureSecret = derive('altcha-challenge/v1');
    this.keySecret = derive('altcha-key/v1');
  }

  get enabled(): boolean {
    return this.difficulty !== null;
  }

  /** A new challenge; `expiresAt` (seconds since the epoch) for tests of expiry. */
  async challenge(expiresAt?: number): Promise<PowChallenge> {
    const most = this.difficulty ?? 1;
    const challenge = await createChallenge({
      algorithm: POW_ALGORITHM,
      cost: POW_COST,
      counter: randomInt(Math.ceil(most / 2), most + 1),
      deriveKey,
      expiresAt: expiresAt ?? Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
    return challenge as PowChallenge;
  }

  /** Accepts a solved, unexpired, unused challenge once; 400 `{"detail": ...}` otherwise. */
  async verify(raw: string | undefined): Promise<void> {
    if (raw === undefined || raw === '') throw badRequest('powMissing');
    const payload = decodePayload(raw);
    if (!payload || payload.challenge.parameters.algorithm !== POW_ALGORITHM) {
      throw badRequest('powInvalid');
    }
    const expiresAt = payload.challenge.parameters.expiresAt;
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySecret,
      });
    } catch {
      throw badRequest('powInvalid');
    }
    if (result.expired) throw badRequest('powExpired');
    if (!result.verified || expiresAt === undefined) throw badRequest('powInvalid');
    const ttl = Math.max(1, expiresAt - Math.floor(Date.now() / 1000));
    if (!(await this.used.claim(payload.challenge.parameters.nonce, ttl))) {
      throw badRequest('powReused');
    }
  }
}
