/**
 * JWTs: HS256 pinned (the algorithm never comes from the token), short-lived access
 * tokens and rotating refresh tokens. Each refresh token is a row; a login starts a
 * family, each refresh uses its token once and issues the next in the same family, and a
 * token used twice (stolen and replayed) revokes its whole family.
 */
import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Executor } from '../db/connection.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'dating-advice';

type TokenType = 'access' | 'refresh';

export interface VerifiedToken {
  userId: number;
  jti: string;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  private sign(type: TokenType, userId: number, jti: string, seconds: number): Promise<string> {
    return new SignJWT({ typ: type })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(this.key);
  }

  /** The token's user and id, or null when it is invalid, expired or of another type. */
  async verify(token: string, type: TokenType): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      const userId = Number(payload.sub);
      if (payload.typ !== type || !Number.isInteger(userId) || typeof payload.jti !== 'string') {
        return null;
      }
      return { userId, jti: payload.jti };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  accessToken(userId: number): Promise<string> {
    return this.sign('access', userId, randomUUID(), ACCESS_TOKEN_SECONDS);
  }

  /** A new refresh token, recorded so that it can be used once or revoked. */
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

  async pair(db: Executor, userId: number, familyId?: string) {
    return {
      access: await this.accessToken(userId),
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

  /** Revokes the family of a valid refresh token (logout). False when the token is invalid. */
  async revoke(db: Executor, token: string): Promise<boolean> {
    const verified = await this.verify(token, 'refresh');
    if (!verified) return false;
    await this.revokeFamilyOf(db, verified.jti);
    return true;
  }

  private async revokeFamilyOf(db: Executor, jti: string): Promise<void> {
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('revoked_at', 'is', null)
      .where('family_id', '=', (eb) =>
        eb.selectFrom('refresh_tokens').select('family_id').where('jti', '=', jti),
      )
      .execute();
  }
}
