/**
 * A redis-server of the test's own is frozen (SIGSTOP) for longer than a request's
 * deadline while requests keep coming, then thawed (SIGCONT). Requests fail over to the
 * in-memory limits at once, and once Redis answers again the server goes back to it
 * within seconds: its shared counters are used again, and a revocation made during the
 * freeze has been copied into it.
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

/** Twice the request deadline below: every request that met the freeze is long past its own. */
const FREEZE_MS = 20_000;
const REQUEST_DEADLINE_MS = 10_000;
/** How soon after the thaw the shared limits must be back. */
const BACK_WITHIN_MS = 10_000;
/** The server secret, which keys the counters' names in Redis (lib/keyed-hashes.ts). */
const SECRET = randomBytes(32).toString('hex');
const loginIpMinute = (ip: string) => new CounterNames(SECRET).of('login-ip-minute', 'ip', ip);

for (const engine of ENGINES) {
  describe(`Redis frozen for longer than a request deadline [${engine}]`, () => {
    let redis: PrivateRedis;
    let ctx: Ctx;
    const prefix = `freeze-${randomBytes(3).toString('hex')}:`;
    const logs: { msg?: unknown }[] = [];
    const logged = (start: string) =>
      logs.filter((line) => typeof line.msg === 'string' && line.msg.startsWith(start)).length;

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
          REDIS_COMMAND_TIMEOUT_MS: '300',
          REQUEST_DEADLINE_MS: String(REQUEST_DEADLINE_MS),
          RATE_LIMITS: 'login-ip-minute=3/60',
          JWT_SECRET: SECRET,
        },
        logger: { level: 'info', stream },
      });
    });
    afterAll(async () => {
      redis?.thaw();
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

    const keys = async () => (await redis.client().keys(`${prefix}*`)).sort();

    it('goes back to Redis within seconds of the thaw', { timeout: 90_000 }, async () => {
      expect(await fourLogins('10.9.0.1')).toEqual([401, 401, 401, 429]);
      expect(await keys()).toContain(`${prefix}rl:${loginIpMinute('10.9.0.1')}`);
      const user = await createUser(ctx);
      expect(ctx.app.redis?.available).toBe(true);

      redis.freeze();
      const frozenAt = Date.now();
      // Requests keep coming: the first ones notice the freeze, the rest go around it.
      let round = 0;
      while (Date.now() - frozenAt < FREEZE_MS) {
        round += 1;
        const started = Date.now();
        expect(await fourLogins(`10.9.1.${round}`)).toEqual([401, 401, 401, 429]);
        // No request waits on the frozen Redis beyond its command timeout.
        expect(Date.now() - started).toBeLessThan(5_000);
        if (round === 2) {
          // A revocation recorded while Redis cannot take it: the database keeps it.
          const out = await ctx.request({
            method: 'POST',
            url: '/api/token/blacklist/',
            token: user.access,
            body: { refresh: user.refresh },
          });
          expect(out.statusCode).toBe(200);
        }
        await sleep(500);
      }
      expect(ctx.app.redis?.available).toBe(false);
      expect(logged('Redis unavailable')).toBe(1);

      redis.thaw();
      const thawedAt = Date.now();
      while (!ctx.app.redis?.available && Date.now() - thawedAt < BACK_WITHIN_MS) await sleep(100);
      expect(ctx.app.redis?.available, 'still on in-memory limits after the thaw').toBe(true);
      expect(logged('Redis answers again')).toBe(1);

      // Counting in Redis again, and the revocation made during the freeze is there.
      expect(await fourLogins('10.9.2.1')).toEqual([401, 401, 401, 429]);
      expect(await keys()).toContain(`${prefix}rl:${loginIpMinute('10.9.2.1')}`);
      expect(await keys()).toEqual(expect.arrayContaining([expect.stringMatching(/deny:fam:/)]));
      const revoked = await ctx.request({
        method: 'GET',
        url: '/api/user/status/',
        token: user.access,
      });
      expect(revoked.statusCode).toBe(401);
    });
  });
}
