/**
 * Failed logins are budgeted per account, by account id, for devices the account does
 * not know; a device it signed in on before has its own budget (a device cookie). So a
 * stranger can slow the guessing at an account but never lock its owner out, and a guess
 * spread over many addresses is still bounded. In memory, and in Redis when
 * TEST_REDIS_URL is set; on every engine.
 */
import { randomBytes } from 'node:crypto';
import { API_MSG } from '@dating/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './factories.ts';
import { createTestContext, ENGINES, type TestContext } from './harness.ts';

type Ctx = TestContext & { close(): Promise<void> };
const REDIS_URL = process.env.TEST_REDIS_URL;
const STORES = REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

/** The per-address rules are lifted here, so that only the account and device budgets count. */
const RATE_LIMITS = 'login-ip-minute=100000/60,login-ip-hour=100000/3600';

let ip = 0;
const nextIp = () => {
  ip += 1;
  return `10.${60 + Math.floor(ip / 65536)}.${Math.floor(ip / 256) % 256}.${ip % 256}`;
};

for (const engine of ENGINES) {
  for (const store of STORES) {
    describe(`login budgets [${engine}, ${store}]`, () => {
      let ctx: Ctx;
      beforeAll(async () => {
        ctx = await createTestContext(engine, {
          env: {
            RATE_LIMITS,
            ...(store === 'redis'
              ? {
                  REDIS_URL: REDIS_URL as string,
                  REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
                  // Generous: on a loaded machine a slow reply must not count as an outage here.
                  REDIS_COMMAND_TIMEOUT_MS: '5000',
                }
              : {}),
          },
        });
      });
      afterAll(() => ctx.close());

      function attempt(
        login: { username: string } | { email: string },
        password: string,
        cookie?: string,
      ) {
        return ctx.request({
          method: 'POST',
          url: '/api/token/',
          body: { ...login, password },
          remoteAddress: nextIp(),
          ...(cookie ? { headers: { cookie } } : {}),
        });
      }

      /** The device cookie a successful login sets, as a browser would send it back. */
      function deviceCookie(res: { headers: Record<string, unknown> }): string {
        const header = String(res.headers['set-cookie']);
        expect(header).toMatch(
          /^device=[^;]+; Path=\/api\/token\/; Max-Age=\d+; HttpOnly; SameSite=Strict/,
        );
        return header.split(';')[0] as string;
      }

      async function spendBudget(user: TestUser, times = 10) {
        const statuses: number[] = [];
        for (let i = 0; i < times; i += 1) {
          statuses.push(
            (await attempt({ username: user.username }, `wrong guess ${i}`)).statusCode,
          );
        }
        return statuses;
      }

      it('shares one budget between the username and the email of an account', async () => {
        const email = `${randomBytes(4).toString('hex')}@example.org`;
        const user = await createUser(ctx, { email });
        for (let i = 0; i < 5; i += 1) {
          expect((await attempt({ username: user.username }, 'wrong guess')).statusCode).toBe(401);
          expect((await attempt({ email }, 'wrong guess')).statusCode).toBe(401);
        }
        const byName = await attempt({ username: user.username.toUpperCase() }, 'wrong guess');
        expect(byName.statusCode).toBe(429);
        expect(Number(byName.headers['retry-after'])).toBeGreaterThan(0);
        expect(byName.json()).toEqual({
          code: expect.any(String),
          detail: expect.stringMatching(/^Request was throttled/),
        });
        expect((await attempt({ email: email.toUpperCase() }, 'wrong guess')).statusCode).toBe(429);
      });

      it('does not count the owner’s own successful logins', async () => {
        const user = await createUser(ctx);
        for (let i = 0; i < 15; i += 1) {
          expect((await attempt({ username: user.username }, user.password)).statusCode).toBe(200);
        }
        expect(await spendBudget(user, 10)).toEqual(Array(10).fill(401));
      });

      it('bounds a guess spread over many addresses, right password included', async () => {
        const user = await createUser(ctx);
        const statuses = await spendBudget(user, 60);
        expect(statuses.filter((s) => s === 401)).toHaveLength(10);
        expect(statuses.slice(10)).toEqual(Array(50).fill(429));
        // Once the budget is spent, the right password from an unknown device tells nothing.
        const right = await attempt({ username: user.username }, user.password);
        expect(right.statusCode).toBe(429);
      });

      it('never locks the owner out on a device that signed in before', async () => {
        const user = await createUser(ctx);
        const owner = await attempt({ username: user.username }, user.password);
        expect(owner.statusCode).toBe(200);
        const cookie = deviceCookie(owner);
        // A stranger spends the account's budget, many times over.
        const statuses = await spendBudget(user, 40);
        expect(statuses.slice(10)).toEqual(Array(30).fill(429));
        // The owner's device signs in, by username and by email alike, and a typo there
        // costs only that device's own budget.
        expect((await attempt({ username: user.username }, 'my typo', cookie)).statusCode).toBe(
          401,
        );
        const again = await attempt({ username: user.username }, user.password, cookie);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
        // Without the cookie (a new device), the owner waits like anyone else.
        expect((await attempt({ username: user.username }, user.password)).statusCode).toBe(429);
      });

      it('gives a known device a budget of its own, should its cookie be stolen', async () => {
        const user = await createUser(ctx);
        const cookie = deviceCookie(await attempt({ username: user.username }, user.password));
        const statuses: number[] = [];
        for (let i = 0; i < 12; i += 1) {
          statuses.push(
            (await attempt({ username: user.username }, `guess ${i}`, cookie)).statusCode,
          );
        }
        expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
        // The account's budget for other devices is untouched by it.
        expect((await attempt({ username: user.username }, user.password)).statusCode).toBe(200);
      });

      it('trusts a device only for the accounts it signed in to, and no forged cookie', async () => {
        const victim = await createUser(ctx);
        const attacker = await createUser(ctx);
        const attackerCookie = deviceCookie(
          await attempt({ username: attacker.username }, attacker.password),
        );
        const [id, mark] = attackerCookie.slice('device='.length).split('.');
        const forged = [
          attackerCookie,
          `device=${id}.${'A'.repeat(22)}`,
          `device=${randomBytes(16).toString('base64url')}.${mark}`,
          'device=garbage',
        ];
        const statuses: number[] = [];
        for (let i = 0; i < 12; i += 1) {
          const cookie = forged[i % forged.length];
          statuses.push(
            (await attempt({ username: victim.username }, 'a guess', cookie)).statusCode,
          );
        }
        expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
        // The attacker's own account and device are not affected.
        const own = await attempt(
          { username: attacker.username },
          attacker.password,
          attackerCookie,
        );
        expect(own.statusCode).toBe(200);
      });

      it('keeps one device cookie for up to three accounts', async () => {
        const users = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
        let cookie: string | undefined;
        for (const user of users) {
          cookie = deviceCookie(await attempt({ username: user.username }, user.password, cookie));
        }
        for (const user of users) {
          await spendBudget(user, 11);
          const res = await attempt({ username: user.username }, user.password, cookie);
          expect(res.statusCode).toBe(200);
        }
      });

      it('budgets names of no account alike, so they look like accounts', async () => {
        const name = `nobody${randomBytes(4).toString('hex')}`;
        const statuses: number[] = [];
        for (let i = 0; i < 11; i += 1) {
          const res = await attempt({ username: i % 2 ? name : name.toUpperCase() }, 'a guess');
          statuses.push(res.statusCode);
          if (res.statusCode === 401)
            expect(res.json()).toEqual({ code: 'badCredentials', detail: API_MSG.badCredentials });
        }
        expect(statuses).toEqual([...Array(10).fill(401), 429]);
      });
    });
  }
}
