/**
 * Checked access tokens are kept by the whole token (auth/tokens.ts): what is kept must
 * never let a token through that a fresh check would refuse.
 */
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenDenylist } from './denylist.ts';
import { TokenService } from './tokens.ts';

const SECRET = 'a test secret of at least thirty-two characters';

function token(claims: { typ: string; sub?: string; jti?: string }, expiresAt: Date) {
  return new SignJWT({ typ: claims.typ })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub ?? '7')
    .setIssuer('dating-advice')
    .setJti(claims.jti ?? 'token-1')
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(SECRET));
}

// `verify` never asks the denylist (`verifyAccess` does): nothing of it is needed here.
const service = () => new TokenService(SECRET, {} as TokenDenylist);

describe('TokenService.verify, with checked tokens kept', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a kept token once it expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z'), toFake: ['Date'] });
    const tokens = service();
    const access = await token({ typ: 'access' }, new Date('2026-11-29T10:15:00Z'));
    expect(await tokens.verify(access, 'access')).toMatchObject({ userId: 7, jti: 'token-1' });
    vi.setSystemTime(new Date('2026-11-29T10:14:59Z'));
    expect(await tokens.verify(access, 'access')).toMatchObject({ userId: 7 });
    vi.setSystemTime(new Date('2026-11-29T10:15:00Z'));
    expect(await tokens.verify(access, 'access')).toBeNull();
  });

  it('refuses the same claims under another signature, and a kept token as another type', async () => {
    const tokens = service();
    const access = await token({ typ: 'access' }, new Date(Date.now() + 60_000));
    expect(await tokens.verify(access, 'access')).not.toBeNull();
    const [header, payload] = access.split('.');
    expect(await tokens.verify(`${header}.${payload}.${'A'.repeat(43)}`, 'access')).toBeNull();
    expect(await tokens.verify(access, 'refresh')).toBeNull();
    const other = new TokenService('another secret of at least thirty-two characters', {
      // See `service`.
    } as TokenDenylist);
    expect(await other.verify(access, 'access')).toBeNull();
  });

  it('hands out a copy: a caller changing it changes nothing kept', async () => {
    const tokens = service();
    const access = await token({ typ: 'access' }, new Date(Date.now() + 60_000));
    const first = await tokens.verify(access, 'access');
    if (first) first.userId = 99;
    expect(await tokens.verify(access, 'access')).toMatchObject({ userId: 7 });
  });
});
