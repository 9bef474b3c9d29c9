/**
 * REDIS_URL set, and Redis dies, comes back, freezes (SIGSTOP) and thaws, on a
 * redis-server of the test's own. The limits never lapse (they count in memory while
 * Redis is away), no request waits on a frozen Redis beyond the command timeout, each
 * outage is logged once, and the server goes back to Redis when it answers again. A
 * revocation made while Redis was away still holds once it is back.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CounterNames } from '../../src/lib/keyed-hashes.ts';
import { createUser } from '../factories.ts';
import { createTestContext, ENGINES, type TestContext } from '../harness.ts';
import { type PrivateRedis, startPrivateRedis } from '../redis-server.ts';
import { sleep } from './support.ts';

type Ctx = TestContext & { close(): Promise<void> };

/** Far longer than any request may take with the fix; without it they wait for SIGCONT. */
const FROZEN_GUARD_MS = 20_000;
/** The server secret, which keys the counters' names in Redis (lib/keyed-hashes.ts). */
const SECRET = randomBytes(32).toString('hex');
const loginIpMinute = (ip: string) => new CounterNames(SECRET).of('login-ip-minute', 'ip', ip);

async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), FROZEN_GUARD_MS);
  });
  try {
    return await Promise.race([promise, guard]);
  } finally {
    clearTimeout(timer);
  }
}

for (const engine of ENGINES) {
  describe(`rate limits and revocations across a Redis outage [${engine}]`, () => {
    let redis: PrivateRedis;
    let ctx: Ctx;
    const prefix = `outage-${randomBytes(3).toString('hex')}:`;
    const logs: { msg?: unknown; level?: unknown }[] = [];
    const logged = (start: string) =>
      logs.filter((line) => typeof line.msg === 'string' && line.msg.startsWith(start)).length;
    const outages = () => logged('Redis unavailable');
    const recoveries = () => logged('Redis answers again');

    beforeAll(async () => {
      redis = await startPrivateRedis();
      const stream = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
          done();
        },
      });
      ctx = await createTestContext(engine, {
        env: {
          REDIS_URL: redis.url,
          REDIS_PREFIX: prefix,
          REDIS_COMMAND_TIMEOUT_MS: '1000',
          RATE_LIMITS: 'login-ip-minute=3/60',
          JWT_SECRET: SECRET,
        },
        logger: { level: 'info', stream },
      });
    });
    afterAll(async () => {
      await ctx?.close();
      await redis?.destroy();
    });

    /** Four wrong logins from one address: 401 three times, then 429. */
    async function fourLogins(ip: string) {
      const name = `nobody${randomBytes(4).toString('hex')}`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await ctx.request({
          method: 'POST',
          url: '/api/token/',
          body: { username: name, password: 'wrong password' },
          remoteAddress: ip,
        });
        statuses.push(res.statusCode);
      }
      return statuses;
    }

    const status = (access: string) =>
      ctx.request({ method: 'GET', url: '/api/user/status/', token: access });

    async function signOut(user: { access: string; refresh: string }) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/token/blacklist/',
        token: user.access,
        body: { refresh: user.refresh },
      });
      expect(res.statusCode).toBe(200);
    }

    async function untilRedisAnswers() {
      for (let i = 0; i < 400 && !ctx.app.redis?.available; i += 1) await sleep(50);
      expect(ctx.app.redis?.available).toBe(true);
    }

    const keys = async () => (await redis.client().keys(`${prefix}*`)).sort();

    it('counts in Redis while it answers, under keys that name the rule and the subject', async () => {
      expect(await fourLogins('10.7.0.1')).toEqual([401, 401, 401, 429]);
      const written = await keys();
      // The address is counted under its keyed hash, never as it is.
      expect(written).toContain(`${prefix}rl:${loginIpMinute('10.7.0.1')}`);
      expect(written.join()).not.toContain('10.7.0.1');
      for (const key of written) {
        expect(key).not.toContain('undefined');
        expect(key).toMatch(new RegExp(`^${prefix}rl:login-(ip-minute|ip-hour|account):`));
      }
      expect(outages()).toBe(0);
    });

    let revokedBefore = '';
    let revokedDuring = '';
    let signedIn = '';

    it('keeps limiting, in memory, when Redis dies, and logs that once', async () => {
      const before = await createUser(ctx);
      await signOut(before);
      revokedBefore = before.access;
      signedIn = (await createUser(ctx)).access;
      const during = await createUser(ctx);

      await redis.kill();
      expect(await fourLogins('10.7.0.2')).toEqual([401, 401, 401, 429]);
      expect(await fourLogins('10.7.0.3')).toEqual([401, 401, 401, 429]);
      // Revocations hold: those made before (the database keeps them all) and during.
      expect((await status(revokedBefore)).statusCode).toBe(401);
      await signOut(during);
      revokedDuring = during.access;
      expect((await status(revokedDuring)).statusCode).toBe(401);
      expect((await status(signedIn)).statusCode).toBe(200);
      expect(outages()).toBe(1);
    });

    it('goes back to Redis when it returns, with the revocations made meanwhile', async () => {
      await redis.start();
      await untilRedisAnswers();
      expect(recoveries()).toBe(1);
      expect(await fourLogins('10.7.0.4')).toEqual([401, 401, 401, 429]);
      expect(await keys()).toContain(`${prefix}rl:${loginIpMinute('10.7.0.4')}`);
      // The new Redis started empty: the revocations were copied into it from the database.
      expect(await keys()).toEqual(expect.arrayContaining([expect.stringMatching(/deny:fam:/)]));
      expect((await status(revokedBefore)).statusCode).toBe(401);
      expect((await status(revokedDuring)).statusCode).toBe(401);
      expect((await status(signedIn)).statusCode).toBe(200);
      expect(outages()).toBe(1);
    });

    it('answers while Redis is frozen, limits in memory meanwhile, and recovers when it thaws', async () => {
      redis.freeze();
      try {
        const answers = await within(
          (async () => ({
            logins: await fourLogins('10.7.0.5'),
            revoked: (await status(revokedDuring)).statusCode,
            valid: (await status(signedIn)).statusCode,
            parallel: await Promise.all(
              Array.from({ length: 5 }, (_, i) =>
                ctx.request({
                  method: 'POST',
                  url: '/api/token/',
                  body: { username: `frozen${i}`, password: 'wrong password' },
                  remoteAddress: `10.7.1.${i}`,
                }),
              ),
            ),
          }))(),
          'requests hung on a frozen Redis',
        );
        expect(answers.logins).toEqual([401, 401, 401, 429]);
        expect(answers.revoked).toBe(401);
        expect(answers.valid).toBe(200);
        expect(answers.parallel.map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 401]);
        expect(ctx.app.redis?.available).toBe(false);
        expect(outages()).toBe(2);
      } finally {
        redis.thaw();
      }
      await untilRedisAnswers();
      expect(recoveries()).toBe(2);
      expect(await fourLogins('10.7.0.6')).toEqual([401, 401, 401, 429]);
      expect(await keys()).toContain(`${prefix}rl:${loginIpMinute('10.7.0.6')}`);
    });
  });
}
