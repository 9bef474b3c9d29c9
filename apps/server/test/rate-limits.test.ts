import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createQuestion } from './factories.ts';
import { createTestContext, newSession, type TestContext } from './harness.ts';

type Ctx = TestContext & { close(): Promise<void> };
const REDIS_URL = process.env.TEST_REDIS_URL;

function expectThrottled(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({
    code: expect.any(String),
    detail: expect.stringMatching(/^Request was throttled/),
  });
}

const loginAttempt = (ctx: TestContext, remoteAddress = '10.0.0.1') =>
  ctx.request({
    method: 'POST',
    url: '/api/token/',
    body: { username: 'nobody', password: 'wrong password' },
    remoteAddress,
  });

describe('rate limits (in memory)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {
      env: { RATE_LIMITS: 'on', TRUST_PROXY: 'false' },
    });
  });
  afterAll(() => ctx.close());

  it('allows 6 logins a minute per IP, then 429 with Retry-After; other IPs are unaffected', async () => {
    for (let i = 0; i < 6; i++) expect((await loginAttempt(ctx)).statusCode).toBe(401);
    expectThrottled(await loginAttempt(ctx));
    expect((await loginAttempt(ctx, '10.0.0.2')).statusCode).toBe(401);
  });

  it('allows 10 logins to one account in 15 minutes, from any number of IPs', async () => {
    const attempt = (i: number, username: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/token/',
        body: { username, password: 'a guess' },
        remoteAddress: `10.2.0.${i}`,
      });
    const target = `victim${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 10; i++) expect((await attempt(i, target)).statusCode).toBe(401);
    expectThrottled(await attempt(50, target.toUpperCase()));
    // Another account from the same addresses is not held up.
    expect((await attempt(51, `other${target}`)).statusCode).toBe(401);
  });

  it('allows one question every 15 seconds per identity', async () => {
    const session = newSession();
    await createQuestion(ctx, { session });
    const again = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      body: { text: 'Another one', session_id: session },
    });
    expectThrottled(again);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(15);
    // Another visitor is not held up by the first one's limit.
    await createQuestion(ctx, { session: newSession() });
  });
});

describe('proof-of-work challenges are limited per IP', () => {
  let ctx: Ctx;
  let tuned: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {
      env: { RATE_LIMITS: 'on', POW_DIFFICULTY: '3', TRUST_PROXY: 'false' },
    });
    tuned = await createTestContext('pglite', {
      env: { RATE_LIMITS: 'challenge-ip-minute=2/60', POW_DIFFICULTY: '3' },
      database: ctx.database,
    });
  });
  afterAll(async () => {
    await tuned.close();
    await ctx.close();
  });

  const challenge = (on: TestContext, remoteAddress: string) =>
    on.request({ method: 'GET', url: '/api/challenge/', remoteAddress });

  it('gives 30 a minute to one address, then 429 with Retry-After; others are unaffected', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await challenge(ctx, '10.7.0.1')).statusCode).toBe(200);
    }
    expectThrottled(await challenge(ctx, '10.7.0.1'));
    expect((await challenge(ctx, '10.7.0.2')).statusCode).toBe(200);
  });

  it('is a rule RATE_LIMITS can change', async () => {
    expect((await challenge(tuned, '10.7.1.1')).statusCode).toBe(200);
    expect((await challenge(tuned, '10.7.1.1')).statusCode).toBe(200);
    expectThrottled(await challenge(tuned, '10.7.1.1'));
  });
});

describe('rate limits bound per IP too', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {
      env: { RATE_LIMITS: 'like-ip-day=3/86400,report-ip-day=2/86400' },
    });
  });
  afterAll(() => ctx.close());

  it('stops one IP from stuffing likes by rotating session ids', async () => {
    const { id } = await createQuestion(ctx);
    const like = (session: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/questions/${id}/like/`,
        body: { session_id: session },
        remoteAddress: '10.1.1.1',
      });
    for (let i = 0; i < 3; i++) expect((await like(newSession())).statusCode).toBe(200);
    expectThrottled(await like(newSession()));
    const question = await ctx.request({ method: 'GET', url: `/api/questions/${id}/` });
    expect(question.json().likes).toBe(3);
  });

  it('bounds reports per IP', async () => {
    const { id } = await createQuestion(ctx);
    const report = () =>
      ctx.request({
        method: 'POST',
        url: '/api/reports/',
        body: { question: id, reason: 'spam', session_id: newSession() },
        remoteAddress: '10.1.1.2',
      });
    expect((await report()).statusCode).toBe(201);
    expect((await report()).statusCode).toBe(201);
    expectThrottled(await report());
  });
});

describe.skipIf(!REDIS_URL)('rate limits shared through Redis by two instances', () => {
  let a: Ctx;
  let b: Ctx;
  beforeAll(async () => {
    const env = {
      RATE_LIMITS: 'login-ip-minute=4/60',
      REDIS_URL: REDIS_URL as string,
      REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
      REDIS_COMMAND_TIMEOUT_MS: '5000',
      // Instances share the secret, as they must: it keys the addresses they count.
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    a = await createTestContext('pglite', { env });
    b = await createTestContext('pglite', { env, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('counts requests to either instance against one limit', async () => {
    expect((await loginAttempt(a, '10.2.0.1')).statusCode).toBe(401);
    expect((await loginAttempt(b, '10.2.0.1')).statusCode).toBe(401);
    expect((await loginAttempt(a, '10.2.0.1')).statusCode).toBe(401);
    expect((await loginAttempt(b, '10.2.0.1')).statusCode).toBe(401);
    expectThrottled(await loginAttempt(a, '10.2.0.1'));
    expectThrottled(await loginAttempt(b, '10.2.0.1'));
  });

  it('keeps no client address in Redis, only its keyed hash', async () => {
    const prefix = `${a.app.config.redisPrefix}rl:login-ip-minute:`;
    expect((await loginAttempt(a, '10.2.0.99')).statusCode).toBe(401);
    const client = a.app.redis?.client;
    if (!client) throw new Error('no Redis');
    const keys = await client.keys(`${a.app.config.redisPrefix}*`);
    expect(keys.filter((key) => key.startsWith(prefix))).toHaveLength(2);
    for (const key of keys) expect(key).not.toMatch(/10\.2\.0\./);
  });
});

describe('RATE_LIMITS configuration', () => {
  it('accepts on, off and overrides, and explains a bad value', () => {
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toBeNull();
    expect(loadConfig({}).rateLimits?.['login-ip-minute'].max).toBe(6);
    const custom = loadConfig({ RATE_LIMITS: 'login-ip-minute=10/30' }).rateLimits;
    expect(custom?.['login-ip-minute']).toEqual({ subject: 'ip', max: 10, windowSeconds: 30 });
    expect(() => loadConfig({ RATE_LIMITS: 'login=10' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMITS: 'sometimes' })).toThrow(/RULE=MAX\/SECONDS/);
  });

  it('overrides the login, device and guess budgets like any rule', () => {
    const custom = loadConfig({
      RATE_LIMITS: 'login-account=5/600,login-device=20/600,guess-ip=3/60,guess-target=4/60',
    }).rateLimits;
    expect(custom?.['login-account']).toEqual({ subject: 'account', max: 5, windowSeconds: 600 });
    expect(custom?.['login-device']).toEqual({ subject: 'device', max: 20, windowSeconds: 600 });
    expect(custom?.['guess-ip']).toEqual({ subject: 'ip', max: 3, windowSeconds: 60 });
    expect(custom?.['guess-target']).toEqual({ subject: 'target', max: 4, windowSeconds: 60 });
  });

  it('takes a Redis command timeout, 500 ms by default, and explains a bad one', () => {
    expect(loadConfig({}).redisCommandTimeoutMs).toBe(500);
    expect(loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '250' }).redisCommandTimeoutMs).toBe(250);
    for (const bad of ['fast', '5', '60000', '1.5']) {
      expect(() => loadConfig({ REDIS_COMMAND_TIMEOUT_MS: bad })).toThrow(
        /REDIS_COMMAND_TIMEOUT_MS must be a whole number from 20 to 10000/,
      );
    }
  });
});
