/**
 * JWTs: HS256 pinned (the algorithm never comes from the token), short-lived access
 * tokens and rotating refresh tokens. Each refresh token is a row; a login starts a
 * family, each refresh uses its token once and issues the next in the same family, and a
 * token used twice (stolen and replayed) revokes its whole family.
 *
 * Access tokens carry their family (`fam`), so that revoking a family (logout, or a
 * replayed refresh token) also revokes every access token issued in it, through the
 * denylist (auth/denylist.ts), which the auth plugin checks on every request.
 */
import { randomUUID, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Executor } from '../db/connection.ts';
import { LruCache } from '../lib/lru-cache.ts';
import type { TokenDenylist } from './denylist.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'dating-advice';

type TokenType = 'access' | 'refresh';

/** The largest account id (an `integer` column). */
const MAX_ACCOUNT_ID = 2_147_483_647;
/** No token of ours expires after the year 9999 (seconds since the epoch). */
const MAX_EXPIRY = 253_402_300_799;
/** The bound on the access tokens kept as checked, in bytes, roughly (a few thousand). */
const CHECKED_TOKENS_BYTES = 2_000_000;

/**
 * The account id a token's `sub` names, written as we write it (canonical decimal, within
 * the id column's range), or null: a token signed with our key but holding another number
 * (`1e20`, `07`, `-1`) must be refused like a bad signature, before any query sees it.
 */
function accountId(sub: string | undefined): number | null {
  if (sub === undefined || !/^[1-9][0-9]{0,9}$/.test(sub)) return null;
  const id = Number(sub);
  return id <= MAX_ACCOUNT_ID ? id : null;
}

export interface VerifiedToken {
  userId: number;
  jti: string;
  /** The refresh family an access token was issued in (absent on older tokens). */
  family: string | undefined;
  expiresAt: Date;
}

/** Denylist ids: one access token, or every access token of a family. */
const revokedIds = (token: VerifiedToken) => [
  `jti:${token.jti}`,
  ...(token.family === undefined ? [] : [`fam:${token.family}`]),
];

export class TokenService {
  /**
   * The secret as a key, imported once: given the bytes, jose imported them again for every
   * token it signed or checked, a sixth of an authenticated read's time.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly denylist: TokenDenylist,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  private async sign(
    type: TokenType,
    userId: number,
    jti: string,
    seconds: number,
    family?: string,
  ): Promise<string> {
    return new SignJWT({ typ: type, ...(family === undefined ? {} : { fam: family }) })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(await this.key);
  }

  /**
   * Access tokens whose signature and claims were checked, by the whole token (its
   * signature included, so only that very token finds its entry). A signed-in person sends
   * the same token with every request for its 15 minutes, and checking the signature again
   * was the largest cost of an admin's read. Expiry is checked again on every use, as jose
   * checks it; revocation is not kept here (`verifyAccess` asks the denylist every time).
   */
  private readonly checkedAccess = new LruCache<string, VerifiedToken>(CHECKED_TOKENS_BYTES);

  /** The token's user and id, or null when it is invalid, expired or of another type. */
  async verify(token: string, type: TokenType): Promise<VerifiedToken | null> {
    if (type === 'access') {
      const checked = this.checkedAccess.get(token);
      // As jose: expired once `exp` is not after the current second.
      if (checked && checked.expiresAt.getTime() / 1000 > Math.floor(Date.now() / 1000)) {
        return { ...checked };
      }
    }
    const verified = await this.check(token, type);
    if (verified && type === 'access') {
      this.checkedAccess.set(token, { ...verified }, token.length * 2 + 200);
    }
    return verified;
  }

  private async check(token: string, type: TokenType): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      const userId = accountId(payload.sub);
      const { exp, jti } = payload;
      if (payload.typ !== type || userId === null || typeof jti !== 'string') return null;
      // jose checked that `exp` is a number in the future; a date needs it to be a sane one.
      if (!Number.isSafeInteger(exp) || (exp as number) > MAX_EXPIRY) return null;
      const family = typeof payload.fam === 'string' ? payload.fam : undefined;
      return { userId, jti, family, expiresAt: new Date((exp as number) * 1000) };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /** A valid access token that was not revoked: its user and id, or null. */
  async verifyAccess(token: string): Promise<VerifiedToken | null> {
    const verified = await this.verify(token, 'access');
    if (!verified || (await this.denylist.isDenied(revokedIds(verified)))) return null;
    return verified;
  }

  accessToken(userId: number, familyId: string): Promise<string> {
    return this.sign('access', userId, randomUUID(), ACCESS_TOKEN_SECONDS, familyId);
  }

  /** A new refresh token, recorded so that it can be used once or revoked (until it expires). */
  async refreshToken(db: Executor, userId: number, familyId: string = randomUUID()) {
    const jti = randomUUID();
    await db
      .insertInto('refresh_tokens')
      .values({
        jti,
        family_id: familyId,
        user_id: userId,
        expires_at: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
      })
      .execute();
    return this.sign('refresh', userId, jti, REFRESH_TOKEN_SECONDS);
  }

  async pair(db: Executor, userId: number, familyId: string = randomUUID()) {
    return {
      access: await this.accessToken(userId, familyId),
      refresh: await this.refreshToken(db, userId, familyId),
    };
  }

  /**
   * Uses a refresh token once: returns a new pair in the same family, or null when the
   * token is unknown, expired or revoked. A second use revokes the family.
   */
  async rotate(db: Executor, token: string) {
    const verified = await this.verify(token, 'refresh');
    if (!verified) return null;
    const used = await db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date() })
      .where('jti', '=', verified.jti)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['family_id', 'user_id'])
      .executeTakeFirst();
    if (!used) {
      await this.revokeFamilyOf(db, verified.jti);
      return null;
    }
    return this.pair(db, used.user_id, used.family_id);
  }

  /**
   * Logout: revokes the family of a valid refresh token, with every access token issued
   * in it, and the access token the client sent (when it is valid, whatever its family).
   * False when the refresh token is invalid; nothing is revoked then.
   */
  async revoke(db: Executor, token: string, accessToken?: string): Promise<boolean> {
    const verified = await this.verify(token, 'refresh');
    if (!verified) return false;
    const access = accessToken === undefined ? null : await this.verify(accessToken, 'access');
    await this.revokeFamilyOf(db, verified.jti);
    if (access)
      await this.denylist.deny(db, [{ id: `jti:${access.jti}`, expiresAt: access.expiresAt }]);
    return true;
  }

  /**
   * Revokes every sign-in of an account (its deletion): all its refresh tokens, and every
   * access token issued in their families until they expire.
   */
  async revokeEveryFamilyOf(db: Executor, userId: number): Promise<void> {
    const families = await db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .distinct()
      .where('user_id', '=', userId)
      .execute();
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('revoked_at', 'is', null)
      .where('user_id', '=', userId)
      .execute();
    const expiresAt = new Date(Date.now() + ACCESS_TOKEN_SECONDS * 1000);
    await this.denylist.deny(
      db,
      families.map((row) => ({ id: `fam:${row.family_id}`, expiresAt })),
    );
  }

  /** Revokes a refresh token's family: its refresh tokens, and its access tokens until they expire. */
  private async revokeFamilyOf(db: Executor, jti: string): Promise<void> {
    const family = await db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('jti', '=', jti)
      .executeTakeFirst();
    if (!family) return;
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('revoked_at', 'is', null)
      .where('family_id', '=', family.family_id)
      .execute();
    await this.denylist.deny(db, [
      {
        id: `fam:${family.family_id}`,
        expiresAt: new Date(Date.now() + ACCESS_TOKEN_SECONDS * 1000),
      },
    ]);
  }
}

/**
 * Forgets the refresh tokens that have expired: used or not, they can renew nothing more
 * (a reuse is refused as expired before it could revoke anything), and kept they would be
 * a history of each account's sign-ins. Returns how many.
 */
export async function deleteExpiredRefreshTokens(db: Executor): Promise<number> {
  const result = await db
    .deleteFrom('refresh_tokens')
    .where('expires_at', '<=', new Date())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
