import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  generateVapidKeys,
  loadConfig,
  POW_DEFAULT_DIFFICULTY,
  resolveVapidKeys,
} from './config.ts';
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

  it('is safe behind a transaction pooler unless told otherwise, and listens on a direct URL', () => {
    const defaults = loadConfig({ DATABASE_URL: 'postgres://bouncer:6432/app' });
    expect(defaults).toMatchObject({
      databasePoolMode: 'transaction',
      databaseListenUrl: 'postgres://bouncer:6432/app',
      databaseReadUrls: [],
    });
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://bouncer:6432/app',
        DATABASE_LISTEN_URL: 'postgres://primary:5432/app',
        DATABASE_POOL_MODE: 'session',
        DATABASE_READ_URL: 'postgres://replica1/app, postgresql://replica2/app',
      }),
    ).toMatchObject({
      databasePoolMode: 'session',
      databaseListenUrl: 'postgres://primary:5432/app',
      databaseReadUrls: ['postgres://replica1/app', 'postgresql://replica2/app'],
    });
    const problems = problemsOf({
      DATABASE_LISTEN_URL: 'mysql://x',
      DATABASE_POOL_MODE: 'statement',
      DATABASE_READ_URL: 'postgres://ok/app,http://user:secret@replica/app',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/DATABASE_POOL_MODE must be transaction or session/);
    expect(problems.join('\n')).toMatch(/DATABASE_READ_URL must be one or more comma-separated/);
    // URLs may hold passwords: never quoted back.
    expect(problems.join('\n')).not.toMatch(/secret|mysql/);
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

  it('takes a VAPID key pair only whole, well-formed and matching, never quoting the private key', () => {
    const pair = generateVapidKeys();
    const other = generateVapidKeys();
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })
        .vapidKeys,
    ).toEqual(pair);
    expect(problemsOf({ VAPID_PUBLIC_KEY: pair.publicKey })).toEqual([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together.',
    ]);
    expect(
      problemsOf({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toEqual(['VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.']);
    const bad = problemsOf({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'hunter2+/' });
    expect(bad).toEqual([
      'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key (65 bytes) in unpadded base64url, as `npx web-push generate-vapid-keys` prints it.',
      'VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes) in unpadded base64url, as `npx web-push generate-vapid-keys` prints it.',
    ]);
    expect(loadConfig({}).vapidSubject).toBe('mailto:webmaster@localhost');
    expect(problemsOf({ VAPID_SUBJECT: 'http://example.com' })).toEqual([
      'VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you (got "http://example.com").',
    ]);
    expect(loadConfig({ PUSH_ALLOW_INSECURE: 'true' }).pushAllowInsecure).toBe(true);
    expect(loadConfig({}).pushAllowInsecure).toBe(false);
  });

  it('generates the VAPID key pair once into the data directory, and keeps it private', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vapid-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      // Several processes starting at once (cluster.ts) all end up with the same pair.
      const pairs = await Promise.all([1, 2, 3, 4].map(() => resolveVapidKeys(config)));
      for (const pair of pairs) expect(pair).toEqual(pairs[0]);
      const file = path.join(dataDir, 'vapid-keys.json');
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(pairs[0]);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await resolveVapidKeys(config)).toEqual(pairs[0]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
