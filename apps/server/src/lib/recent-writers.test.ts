import { describe, expect, it } from 'vitest';
import { RECENT_WRITE_MS, RecentWriters } from './recent-writers.ts';

describe('RecentWriters (in memory, without Redis)', () => {
  const secret = 'x'.repeat(32);

  it('keeps the highest position of each identity for RECENT_WRITE_MS after its last write', async () => {
    let now = 1_000;
    const writers = new RecentWriters(secret, null, '', () => now);
    const key = { key: 'a-private-key-of-someone-0123456789' };
    const account = { account: 7 };
    expect(await writers.lastWrite(key)).toBeNull();
    await writers.wrote(key, 50n);
    await writers.wrote(key, 40n);
    expect(await writers.lastWrite(key)).toBe(50n);
    // Another identity, and an account and a key never share a record.
    expect(await writers.lastWrite(account)).toBeNull();
    expect(await writers.lastWrite({ account: 8 })).toBeNull();
    now += RECENT_WRITE_MS - 1;
    expect(await writers.lastWrite(key)).toBe(50n);
    now += 1;
    expect(await writers.lastWrite(key)).toBeNull();
  });
});
