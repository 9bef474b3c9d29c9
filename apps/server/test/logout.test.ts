/**
 * Logout revokes access tokens too: the one the client sends, and every
 * access token issued since the same login, answer 401 at once, on every instance. Two
 * app instances share one database, and one Redis when TEST_REDIS_URL is set (the
 * denylist is then checked in Redis); without Redis, in the database.
 */
import { randomBytes } from 'node:crypto';
import { API_MSG } from '@dating/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login } from './factories.ts';
import { createTestContext, ENGINES, type TestContext } from './harness.ts';

type Ctx = TestContext & { close(): Promise<void> };
const REDIS_URL = process.env.TEST_REDIS_URL;
const STORES = REDIS_URL ? (['database', 'redis'] as const) : (['database'] as const);

for (const engine of ENGINES) {
  for (const store of STORES) {
    describe(`logout revokes access tokens [${engine}, denylist in ${store}]`, () => {
      let a: Ctx;
      let b: Ctx;
      beforeAll(async () => {
        const env = {
          JWT_SECRET: randomBytes(32).toString('hex'),
          ...(store === 'redis'
            ? {
                REDIS_URL: REDIS_URL as string,
                REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
                REDIS_COMMAND_TIMEOUT_MS: '5000',
              }
            : {}),
        };
        a = await createTestContext(engine, { env });
        b = await createTestContext(engine, { env, database: a.database });
      });
      afterAll(async () => {
        await b?.close();
        await a?.close();
      });

      const status = (ctx: Ctx, access: string) =>
        ctx.request({ method: 'GET', url: '/api/user/status/', token: access });
      const logout = (ctx: Ctx, refresh: string, access?: string) =>
        ctx.request({
          method: 'POST',
          url: '/api/token/blacklist/',
          body: { refresh },
          ...(access ? { token: access } : {}),
        });
      const refresh = async (ctx: Ctx, token: string) => {
        const res = await ctx.request({
          method: 'POST',
          url: '/api/token/refresh/',
          body: { refresh: token },
        });
        expect(res.statusCode).toBe(200);
        return res.json<{ access: string; refresh: string }>();
      };

      it('answers 401 to the access token right after logout, on both instances', async () => {
        const user = await createUser(a);
        expect((await status(a, user.access)).statusCode).toBe(200);
        expect((await status(b, user.access)).statusCode).toBe(200);
        expect((await logout(a, user.refresh, user.access)).statusCode).toBe(200);
        for (const ctx of [a, b]) {
          const res = await status(ctx, user.access);
          expect(res.statusCode).toBe(401);
          expect(res.json()).toEqual({ code: 'tokenInvalid', detail: API_MSG.tokenInvalid });
        }
        // A signed-in call refuses it too, not only the status call.
        const mine = await b.request({
          method: 'GET',
          url: '/api/my/answers/',
          token: user.access,
        });
        expect(mine.statusCode).toBe(401);
        if (store === 'redis') {
          // Redis answers the check: with the database's record gone, it still refuses.
          const { jti, fam } = JSON.parse(
            Buffer.from(user.access.split('.')[1] ?? '', 'base64url').toString(),
          ) as { jti: string; fam: string };
          await a.database.db
            .deleteFrom('revoked_tokens')
            .where('id', 'in', [`jti:${jti}`, `fam:${fam}`])
            .execute();
          expect((await status(b, user.access)).statusCode).toBe(401);
        }
      });

      it('revokes every access token issued since the same login, and no other login', async () => {
        const user = await createUser(a);
        const rotated = await refresh(b, user.refresh);
        const otherDevice = await login(a, user.username, user.password);
        // Logout on one instance with the newest pair: the older access token of the same
        // login goes too, on the other instance as well; another login stays signed in.
        expect((await logout(b, rotated.refresh, rotated.access)).statusCode).toBe(200);
        for (const ctx of [a, b]) {
          expect((await status(ctx, rotated.access)).statusCode).toBe(401);
          expect((await status(ctx, user.access)).statusCode).toBe(401);
          expect((await status(ctx, otherDevice.access)).statusCode).toBe(200);
        }
        const again = await a.request({
          method: 'POST',
          url: '/api/token/refresh/',
          body: { refresh: rotated.refresh },
        });
        expect(again.statusCode).toBe(401);
      });

      it('revokes the access token sent even when it is of another login', async () => {
        const user = await createUser(a);
        const other = await login(a, user.username, user.password);
        expect((await logout(a, user.refresh, other.access)).statusCode).toBe(200);
        expect((await status(b, other.access)).statusCode).toBe(401);
        expect((await status(b, user.access)).statusCode).toBe(401);
      });

      it('signs out with a stale or missing access token, and refuses a bad refresh token', async () => {
        const user = await createUser(a);
        const stale = await a.request({
          method: 'POST',
          url: '/api/token/blacklist/',
          headers: { authorization: 'Bearer not.a.token' },
          body: { refresh: user.refresh },
        });
        expect(stale.statusCode).toBe(200);
        expect((await status(b, user.access)).statusCode).toBe(401);
        const second = await createUser(a);
        expect((await logout(a, second.refresh)).statusCode).toBe(200);
        expect((await status(b, second.access)).statusCode).toBe(401);
        // A bad refresh token revokes nothing, not even the valid access token sent.
        const third = await createUser(a);
        const bad = await logout(a, `${third.refresh}x`, third.access);
        expect(bad.statusCode).toBe(401);
        expect((await status(b, third.access)).statusCode).toBe(200);
      });

      it('revokes the access tokens of a login whose refresh token was replayed', async () => {
        const user = await createUser(a);
        const rotated = await refresh(a, user.refresh);
        // The first refresh token, used again: stolen. The whole login is revoked.
        const replay = await b.request({
          method: 'POST',
          url: '/api/token/refresh/',
          body: { refresh: user.refresh },
        });
        expect(replay.statusCode).toBe(401);
        for (const ctx of [a, b]) {
          expect((await status(ctx, rotated.access)).statusCode).toBe(401);
          expect((await status(ctx, user.access)).statusCode).toBe(401);
        }
      });

      it('drops expired revocations from the database, keeping those in force', async () => {
        const db = a.database.db;
        const tag = randomBytes(4).toString('hex');
        await db
          .insertInto('revoked_tokens')
          .values([
            { id: `jti:expired-${tag}`, expires_at: new Date(Date.now() - 60_000) },
            { id: `jti:live-${tag}`, expires_at: new Date(Date.now() + 600_000) },
          ])
          .execute();
        // Every instance drops them when it starts, then every ten minutes.
        const c = await createTestContext(engine, { database: a.database });
        await c.close();
        const left = await db
          .selectFrom('revoked_tokens')
          .select('id')
          .where('id', 'like', `%-${tag}`)
          .execute();
        expect(left.map((row) => row.id)).toEqual([`jti:live-${tag}`]);
        const expired = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM revoked_tokens WHERE expires_at <= now()`.execute(db);
        expect(expired.rows[0]?.n).toBe(0);
      });
    });
  }
}
