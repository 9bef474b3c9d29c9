import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hashes with argon2id at OWASP parameters and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse battery')).toBe(false);
  });

  it('does the same argon2 work for an unknown account as for a wrong password', async () => {
    const hash = await hashPassword('correct horse battery');
    const verify = vi.spyOn(argon2, 'verify');
    expect(await verifyPassword(hash, 'guess')).toBe(false);
    expect(await verifyPassword(null, 'guess')).toBe(false);
    expect(verify).toHaveBeenCalledTimes(2);
    // Both runs verify against a hash with the same cost parameters.
    const [first, second] = verify.mock.calls.map(([digest]) => String(digest).split('$')[3]);
    expect(second).toBe(first);
  });

  it('treats a malformed stored hash as a failed login, not an error', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
