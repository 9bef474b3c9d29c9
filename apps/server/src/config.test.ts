import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, POW_DEFAULT_DIFFICULTY } from './config.ts';
import { DATABASE_TIMEOUT_DEFAULTS } from './db/connection.ts';

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
    // Look-alikes of a name, and names not written in their normal form, are refused too.
    for (const name of [
      '\u0430dmin',
      'adm\u0131n',
      '\u1d00dmin',
      '\uff41\uff44\uff4d\uff49\uff4e',
    ]) {
      expect(problemsOf({ ADMIN_USERNAME: name, ADMIN_PASSWORD: 'long enough' }).join()).toMatch(
        /^ADMIN_USERNAME must be 3 to 150 ASCII letters/,
      );
    }
    expect(loadConfig({ ADMIN_USERNAME: 'ok_admin', ADMIN_PASSWORD: 'long enough' }).admin).toEqual(
      { username: 'ok_admin', password: 'long enough' },
    );
  });

  it('bounds database waits, request deadlines and shutdown, with defaults for a web request', () => {
    const defaults = loadConfig({});
    expect(defaults.databaseStatementTimeoutMs).toBe(DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs);
    expect(defaults.databaseAcquireTimeoutMs).toBe(
      DATABASE_TIMEOUT_DEFAULTS.acquireTimeoutMs.pglite,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).databaseAcquireTimeoutMs).toBe(
      DATABASE_TIMEOUT_DEFAULTS.acquireTimeoutMs.postgres,
    );
    expect(defaults.requestDeadlineMs).toBe(10_000);
    expect(defaults.shutdownDeadlineMs).toBe(10_000);
    const set = loadConfig({
      DATABASE_STATEMENT_TIMEOUT_MS: '3000',
      DATABASE_ACQUIRE_TIMEOUT_MS: '500',
      REQUEST_DEADLINE_MS: '8000',
      SHUTDOWN_DEADLINE_MS: '0',
    });
    expect(set).toMatchObject({
      databaseStatementTimeoutMs: 3000,
      databaseAcquireTimeoutMs: 500,
      requestDeadlineMs: 8000,
      shutdownDeadlineMs: 0,
    });
    expect(
      problemsOf({
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        DATABASE_ACQUIRE_TIMEOUT_MS: 'soon',
        REQUEST_DEADLINE_MS: '1.5',
      }),
    ).toEqual([
      'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 100 to 600000 (got "0").',
      'DATABASE_ACQUIRE_TIMEOUT_MS must be a whole number from 100 to 60000 (got "soon").',
      'REQUEST_DEADLINE_MS must be a whole number from 100 to 600000 (got "1.5").',
    ]);
  });

  it('bounds the wait for a reply a little above the statement timeout, and lock waits at 2 s', () => {
    const defaults = loadConfig({});
    expect(defaults.databaseQueryTimeoutMs).toBe(
      DATABASE_TIMEOUT_DEFAULTS.statementTimeoutMs + DATABASE_TIMEOUT_DEFAULTS.queryTimeoutMarginMs,
    );
    expect(defaults.databaseLockTimeoutMs).toBe(DATABASE_TIMEOUT_DEFAULTS.lockTimeoutMs);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '3000' }).databaseQueryTimeoutMs).toBe(4000);
    expect(
      loadConfig({ DATABASE_QUERY_TIMEOUT_MS: '9000', DATABASE_LOCK_TIMEOUT_MS: '0' }),
    ).toMatchObject({ databaseQueryTimeoutMs: 9000, databaseLockTimeoutMs: 0 });
    expect(problemsOf({ DATABASE_QUERY_TIMEOUT_MS: '50', DATABASE_LOCK_TIMEOUT_MS: '-1' })).toEqual(
      [
        'DATABASE_QUERY_TIMEOUT_MS must be a whole number from 100 to 600000 (got "50").',
        'DATABASE_LOCK_TIMEOUT_MS must be a whole number from 0 to 600000 (got "-1").',
      ],
    );
  });

  it('reads the safety and moderation settings, each with a clear message', () => {
    const defaults = loadConfig({});
    expect(defaults.piiGuard).toBe('warn');
    expect(defaults.safetyResourcesFile).toBeUndefined();
    expect(defaults.moderationAutohide).toBe(3);
    expect(defaults.powDifficulty).toBe(POW_DEFAULT_DIFFICULTY);
    const set = loadConfig({
      PII_GUARD: 'block',
      SAFETY_RESOURCES_FILE: '/etc/dating/resources.json',
      MODERATION_AUTOHIDE: '0',
      POW_DIFFICULTY: 'off',
    });
    expect(set).toMatchObject({
      piiGuard: 'block',
      safetyResourcesFile: '/etc/dating/resources.json',
      moderationAutohide: 0,
      powDifficulty: null,
    });
    expect(loadConfig({ POW_DIFFICULTY: '5' }).powDifficulty).toBe(5);
    expect(problemsOf({ PII_GUARD: 'strict' })).toEqual([
      'PII_GUARD must be one of off, warn, block (got "strict").',
    ]);
    expect(problemsOf({ MODERATION_AUTOHIDE: '-1' })).toEqual([
      'MODERATION_AUTOHIDE must be a whole number from 0 to 1000 (got "-1").',
    ]);
    for (const value of ['0', 'hard', '100001', '1.5']) {
      expect(problemsOf({ POW_DIFFICULTY: value })).toEqual([
        `POW_DIFFICULTY must be off or a whole number from 1 to 100000 (got "${value}").`,
      ]);
    }
  });

  it('reports every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', LOG_LEVEL: 'loud', WEB_CONCURRENCY: '0' });
    expect(problems).toHaveLength(3);
  });

  it('takes whole numbers and booleans only as written, never truncated or guessed', () => {
    expect(problemsOf({ PORT: '8000.5', WEB_CONCURRENCY: '1e1', LOG_CLIENT_IP: 'yes' })).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "8000.5").',
      'LOG_CLIENT_IP must be true or false (got "yes").',
      'WEB_CONCURRENCY must be a whole number from 1 to 256 (got "1e1").',
    ]);
    expect(loadConfig({ PORT: '+8080', LOG_CLIENT_IP: 'true' })).toMatchObject({
      port: 8080,
      logClientIp: true,
    });
  });

  it('never quotes a value that may hold a secret', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      REDIS_URL: 'memcached://:hunter2@cache',
      JWT_SECRET: 'hunter2',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join()).not.toContain('hunter2');
  });

  it('counts blank values as unset and decodes lists', () => {
    const config = loadConfig({
      PORT: '  ',
      CORS_ORIGINS: 'https://a.example, http://b.example:8080',
    });
    expect(config.port).toBe(8000);
    expect(config.corsOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(problemsOf({ CORS_ORIGINS: 'https://a.example/path' })).toEqual([
      'CORS_ORIGINS entry "https://a.example/path" must be an origin like https://example.com.',
    ]);
  });
});
