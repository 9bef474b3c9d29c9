import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8000);
    expect(config.trustProxy).toBe(false);
    expect(config.admin).toBeUndefined();
    expect(config.webConcurrency).toBeGreaterThanOrEqual(1);
  });

  it('takes TRUST_PROXY as true, a hop count, or addresses, CIDRs and range names', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.1/8/2', 'proxy.example.com', '::1/129'])(
    'names a bad TRUST_PROXY entry (%s) instead of failing later',
    (value) => {
      expect(problemsOf({ TRUST_PROXY: value }).join()).toMatch(/^TRUST_PROXY entry/);
    },
  );

  it('checks the start-up admin like a registration would', () => {
    expect(problemsOf({ ADMIN_USERNAME: 'ok_admin' })).toEqual([
      'ADMIN_USERNAME and ADMIN_PASSWORD must be set together.',
    ]);
    expect(problemsOf({ ADMIN_USERNAME: 'ok_admin', ADMIN_PASSWORD: 'short' })).toEqual([
      'ADMIN_PASSWORD must be at least 8 characters.',
    ]);
    expect(problemsOf({ ADMIN_USERNAME: 'a b', ADMIN_PASSWORD: 'long enough' }).join()).toMatch(
      /^ADMIN_USERNAME must be 3 to 150/,
    );
    expect(loadConfig({ ADMIN_USERNAME: 'ok_admin', ADMIN_PASSWORD: 'long enough' }).admin).toEqual(
      { username: 'ok_admin', password: 'long enough' },
    );
  });

  it('reports every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', LOG_LEVEL: 'loud', WEB_CONCURRENCY: '0' });
    expect(problems).toHaveLength(3);
  });
});
