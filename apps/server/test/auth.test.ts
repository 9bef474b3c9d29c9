import { randomUUID } from 'node:crypto';
import { API_MSG, USERNAME_MSG } from '@dating/contract';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/auth/admins.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { MALFORMED_TEXT } from '../src/lib/text-guard.ts';
import { insertUser } from '../src/repositories/users.ts';
import { createAdmin, createUser, login } from './factories.ts';
import { describeEachEngine, uniqueName } from './harness.ts';

describeEachEngine('accounts and tokens', (ctx) => {
  describe('POST /api/register/', () => {
    it('creates a user and answers 201 with id and username, never the password', async () => {
      const username = uniqueName();
      const res = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: { username, password: 'long enough pw', password2: 'long enough pw', is_staff: true },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), username });
      const token = await login(ctx, username, 'long enough pw');
      const status = await ctx.request({
        method: 'GET',
        url: '/api/user/status/',
        token: token.access,
      });
      expect(status.json().user.is_staff).toBe(false);
    });

    it('reports mismatched passwords on the password field', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: { username: uniqueName(), password: 'long enough pw', password2: 'different pw!!' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ password: ['Passwords do not match.'] });
    });

    it('requires every field, each with its own message', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: { username: '', password: '', password2: '' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        username: [API_MSG.required],
        password: [API_MSG.required],
        password2: [API_MSG.required],
      });
      const missing = await ctx.request({ method: 'POST', url: '/api/register/', body: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        username: [API_MSG.required],
        password: [API_MSG.required],
        password2: [API_MSG.required],
      });
    });

    it('reports every problem of every field at once, schema and rules alike', async () => {
      const cases: [unknown, Record<string, string[]>][] = [
        [
          { username: 'ab', password: 'short' },
          {
            username: [USERNAME_MSG.usernameLength],
            password: [expect.stringContaining('too short')],
            password2: [API_MSG.required],
          },
        ],
        [
          { username: 5, password: '12345678', password2: '12345678', email: 'x' },
          {
            username: ['Must be a string.'],
            password: ['This password is entirely numeric.'],
            email: ['Enter a valid email address.'],
          },
        ],
        [
          { password: ['x'], password2: 'long enough pw', email: 'a@b.example' },
          { username: [API_MSG.required], password: ['Must be a string.'] },
        ],
      ];
      for (const [body, expected] of cases) {
        const res = await ctx.request({ method: 'POST', url: '/api/register/', body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json(), JSON.stringify(body)).toEqual(expected);
      }
      for (const body of ['[]', '"x"', '5']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/register/',
          payload: body,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ code: expect.any(String), detail: expect.any(String) });
      }
    });

    it('reports NUL characters and lone surrogates on their own fields', async () => {
      for (const [payload, expected] of [
        [
          '{"username":"a\\u0000b","password":"long enough pw","password2":"long enough pw"}',
          { username: [MALFORMED_TEXT] },
        ],
        [
          '{"username":"ab\\ud800c","password":"x\\u0000","password2":"long enough pw","email":"\\udc00"}',
          { username: [MALFORMED_TEXT], password: [MALFORMED_TEXT], email: [MALFORMED_TEXT] },
        ],
        [
          '{"username":"a\\u0000b"}',
          {
            username: [MALFORMED_TEXT],
            password: [API_MSG.required],
            password2: [API_MSG.required],
          },
        ],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/register/',
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json(), payload).toEqual(expected);
      }
    });

    it('refuses look-alike usernames: NFKC first, then ASCII letters only', async () => {
      const base = uniqueName('admin').toLowerCase();
      await createUser(ctx, { username: base });
      const register = (username: string) =>
        ctx.request({
          method: 'POST',
          url: '/api/register/',
          body: { username, password: 'long enough pw', password2: 'long enough pw' },
        });
      const fullWidth = [...base]
        .map((c) =>
          /[a-z0-9]/.test(c) ? String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0) : c,
        )
        .join('');
      // Full-width is the same name, and taken.
      const taken = await register(fullWidth);
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ username: [API_MSG.usernameTaken] });
      // Cyrillic а and о, a dotless ı, a small capital ᴀ, a Greek ο: not ASCII letters.
      for (const lookAlike of [
        `\u0430${base.slice(1)}`,
        base.replace('d', 'd\u0456').slice(0, -1),
        base.replace('i', '\u0131'),
        `\u1d00${base.slice(1)}`,
        `r\u043e\u043et${base.slice(4)}`,
        base.replace('a', '\u03bf'),
        `${base}\u200b`,
        `${base.slice(0, 2)}\u202e${base.slice(2)}`,
      ]) {
        const res = await register(lookAlike);
        expect(res.statusCode, lookAlike).toBe(400);
        expect(res.json(), lookAlike).toEqual({ username: [USERNAME_MSG.usernameAlphabet] });
      }
      // A full-width name that is new is registered in its ASCII form.
      const fresh = uniqueName('wide').toLowerCase();
      const wide = [...fresh]
        .map((c) =>
          /[a-z0-9]/.test(c) ? String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0) : c,
        )
        .join('');
      const created = await register(wide);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().username).toBe(fresh);
      await login(ctx, fresh, 'long enough pw');
      // Signing in with the name as it was typed, full-width, names the same account.
      await login(ctx, wide, 'long enough pw');
    });

    it('keeps accounts registered before the ASCII rule working', async () => {
      // Written as an older version of the server accepted them.
      const { id } = await insertUser(ctx.database.db, {
        username: `Zo\u00eb_${uniqueName()}`,
        email: null,
        passwordHash: await hashPassword('long enough pw'),
      });
      const name = (
        await ctx.database.db
          .selectFrom('users')
          .select('username')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).username;
      const tokens = await login(ctx, name, 'long enough pw');
      const status = await ctx.request({
        method: 'GET',
        url: '/api/user/status/',
        token: tokens.access,
      });
      expect(status.json().user).toMatchObject({ id, username: name });
    });

    it('refuses a taken username whatever its case', async () => {
      const user = await createUser(ctx);
      const res = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: {
          username: user.username.toUpperCase(),
          password: 'long enough pw',
          password2: 'long enough pw',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: [API_MSG.usernameTaken] });
    });

    it('enforces the username, password and email rules', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: { username: 'a b', password: '1234567', password2: '1234567', email: 'not-an-email' },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.username).toHaveLength(1);
      expect(body.password).toEqual(
        expect.arrayContaining([
          expect.stringContaining('too short'),
          'This password is entirely numeric.',
        ]),
      );
      expect(body.email).toEqual(['Enter a valid email address.']);
      const long = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: {
          username: 'x'.repeat(151),
          password: 'long enough pw',
          password2: 'long enough pw',
        },
      });
      expect(long.json().username[0]).toContain('3 to 150');
    });
  });

  describe('POST /api/token/', () => {
    it('signs in by username or by email', async () => {
      const email = `${uniqueName()}@example.com`;
      const user = await createUser(ctx, { email });
      const byEmail = await ctx.request({
        method: 'POST',
        url: '/api/token/',
        body: { email: email.toUpperCase(), password: user.password },
      });
      expect(byEmail.statusCode).toBe(200);
      expect(byEmail.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
      const status = await ctx.request({
        method: 'GET',
        url: '/api/user/status/',
        token: byEmail.json().access,
      });
      expect(status.json()).toEqual({
        is_authenticated: true,
        user: { id: user.id, username: user.username, is_staff: false, is_moderator: false },
        silenced: null,
      });
    });

    it('gives one message for a wrong password and for an unknown user', async () => {
      const user = await createUser(ctx);
      const wrong = await ctx.request({
        method: 'POST',
        url: '/api/token/',
        body: { username: user.username, password: 'wrong password' },
      });
      const unknown = await ctx.request({
        method: 'POST',
        url: '/api/token/',
        body: { username: uniqueName('nobody'), password: 'wrong password' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ code: 'badCredentials', detail: API_MSG.badCredentials });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('requires both fields', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/token/',
        body: { username: '', password: '' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: [API_MSG.required], password: [API_MSG.required] });
    });
  });

  describe('tokens', () => {
    it('refuses a bad, tampered or refresh token used as an access token with 401', async () => {
      const user = await createUser(ctx);
      for (const token of ['garbage', `${user.access}x`, user.refresh]) {
        const res = await ctx.request({ method: 'GET', url: '/api/user/status/', token });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 'tokenInvalid', detail: API_MSG.tokenInvalid });
      }
      const res = await ctx.request({
        method: 'GET',
        url: '/api/user/status/',
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('refuses an unsigned (alg none) token', async () => {
      const user = await createUser(ctx);
      const [, payload] = user.access.split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const res = await ctx.request({
        method: 'GET',
        url: '/api/user/status/',
        token: `${header}.${payload}.`,
      });
      expect(res.statusCode).toBe(401);
    });

    it('rotates refresh tokens, and a reused one revokes its whole family', async () => {
      const user = await createUser(ctx);
      const first = await ctx.request({
        method: 'POST',
        url: '/api/token/refresh/',
        body: { refresh: user.refresh },
      });
      expect(first.statusCode).toBe(200);
      const rotated = first.json<{ access: string; refresh: string }>();
      expect(rotated.refresh).not.toBe(user.refresh);
      const status = await ctx.request({
        method: 'GET',
        url: '/api/user/status/',
        token: rotated.access,
      });
      expect(status.json().is_authenticated).toBe(true);

      // The old token again: a replay. It fails, and so does the token rotated from it.
      const replay = await ctx.request({
        method: 'POST',
        url: '/api/token/refresh/',
        body: { refresh: user.refresh },
      });
      expect(replay.statusCode).toBe(401);
      const after = await ctx.request({
        method: 'POST',
        url: '/api/token/refresh/',
        body: { refresh: rotated.refresh },
      });
      expect(after.statusCode).toBe(401);
    });

    it('does not accept an access token as a refresh token', async () => {
      const user = await createUser(ctx);
      const res = await ctx.request({
        method: 'POST',
        url: '/api/token/refresh/',
        body: { refresh: user.access },
      });
      expect(res.statusCode).toBe(401);
    });

    it('revokes a refresh token on logout (blacklist)', async () => {
      const user = await createUser(ctx);
      const out = await ctx.request({
        method: 'POST',
        url: '/api/token/blacklist/',
        body: { refresh: user.refresh },
      });
      expect(out.statusCode).toBe(200);
      const res = await ctx.request({
        method: 'POST',
        url: '/api/token/refresh/',
        body: { refresh: user.refresh },
      });
      expect(res.statusCode).toBe(401);
    });

    it('reads the admin flag from the database on every request', async () => {
      const admin = await createAdmin(ctx);
      const before = await ctx.request({
        method: 'GET',
        url: '/api/reports/',
        token: admin.access,
      });
      expect(before.statusCode).toBe(200);
      await ctx.database.db
        .updateTable('users')
        .set({ is_staff: false })
        .where('id', '=', admin.id)
        .execute();
      const after = await ctx.request({ method: 'GET', url: '/api/reports/', token: admin.access });
      expect(after.statusCode).toBe(403);
    });
  });

  describe('public calls ignore a stale bearer token', () => {
    it('signs in, registers, refreshes, signs out and answers health with a bad token', async () => {
      const user = await createUser(ctx);
      const stale = 'Bearer not.a.valid-token';
      const headers = { authorization: stale };
      const signIn = await ctx.request({
        method: 'POST',
        url: '/api/token/',
        headers,
        body: { username: user.username, password: user.password },
      });
      expect(signIn.statusCode).toBe(200);
      const register = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        headers,
        body: { username: uniqueName(), password: 'long enough pw', password2: 'long enough pw' },
      });
      expect(register.statusCode).toBe(201);
      const refresh = await ctx.request({
        method: 'POST',
        url: '/api/token/refresh/',
        headers,
        body: { refresh: signIn.json().refresh },
      });
      expect(refresh.statusCode).toBe(200);
      const logout = await ctx.request({
        method: 'POST',
        url: '/api/token/blacklist/',
        headers,
        body: { refresh: refresh.json().refresh },
      });
      expect(logout.statusCode).toBe(200);
      const health = await ctx.request({ method: 'GET', url: '/api/health/', headers });
      expect(health.statusCode).toBe(200);
      // Everywhere else a bad token is still refused, so the client refreshes it.
      const feed = await ctx.request({ method: 'GET', url: '/api/questions/', headers });
      expect(feed.statusCode).toBe(401);
    });
  });

  describe('usernames with @', () => {
    it('sign in by their username, sent as username or as email', async () => {
      const user = await createUser(ctx, { username: `${uniqueName()}@example.org` });
      for (const field of ['username', 'email']) {
        const res = await ctx.request({
          method: 'POST',
          url: '/api/token/',
          body: { [field]: user.username.toUpperCase(), password: user.password },
        });
        expect(res.statusCode, field).toBe(200);
      }
    });

    it("keep usernames and emails apart: neither may be another account's", async () => {
      const address = `${uniqueName()}@example.org`;
      await createUser(ctx, { email: address });
      const asUsername = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: {
          username: address.toUpperCase(),
          password: 'long enough pw',
          password2: 'long enough pw',
        },
      });
      expect(asUsername.statusCode).toBe(400);
      expect(asUsername.json()).toEqual({ username: [API_MSG.usernameTaken] });
      const named = await createUser(ctx, { username: `${uniqueName()}@example.org` });
      const asEmail = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: {
          username: uniqueName(),
          email: named.username,
          password: 'long enough pw',
          password2: 'long enough pw',
        },
      });
      expect(asEmail.statusCode).toBe(400);
      expect(asEmail.json()).toEqual({ email: [API_MSG.emailTaken] });
    });
  });

  describe('ensureAdmin (start-up admin and create-admin)', () => {
    it('promoting an existing account revokes the refresh tokens it held', async () => {
      const squatter = await createUser(ctx);
      const promoted = await ensureAdmin(ctx.database.db, squatter.username, 'the real admin pw');
      expect(promoted.outcome).toBe('promoted');
      const refresh = await ctx.request({
        method: 'POST',
        url: '/api/token/refresh/',
        body: { refresh: squatter.refresh },
      });
      expect(refresh.statusCode).toBe(401);
      const oldPassword = await ctx.request({
        method: 'POST',
        url: '/api/token/',
        body: { username: squatter.username, password: squatter.password },
      });
      expect(oldPassword.statusCode).toBe(401);
    });

    it('leaves an admin with the same password signed in (a restart signs nobody out)', async () => {
      const admin = await createAdmin(ctx);
      const again = await ensureAdmin(ctx.database.db, admin.username, admin.password);
      expect(again.outcome).toBe('unchanged');
      const refresh = await ctx.request({
        method: 'POST',
        url: '/api/token/refresh/',
        body: { refresh: admin.refresh },
      });
      expect(refresh.statusCode).toBe(200);
    });
  });

  describe('GET /api/user/status/', () => {
    it('answers anonymous visitors', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/user/status/' });
      expect(res.json()).toEqual({ is_authenticated: false, user: null, silenced: null });
    });
  });
});

/** Tokens signed with the server's own key, holding numbers no account id can be. */
const SECRET = 'forged-numbers-tests-secret-forged-numbers-0123';

function signed(claims: { typ: 'access' | 'refresh'; sub: string; exp?: number }) {
  const token = new SignJWT({ typ: claims.typ })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('dating-advice')
    .setJti(randomUUID())
    .setIssuedAt();
  token.setExpirationTime(claims.exp ?? '15m');
  return token.sign(new TextEncoder().encode(SECRET));
}

describeEachEngine(
  'tokens signed with the server key but holding out-of-range numbers',
  (ctx) => {
    const badSubjects = ['1e20', '2147483648', '0', '-1', '1.5', ' 7', '0x7', '9'.repeat(400)];

    it('are refused with 401 as access tokens, never a 500', async () => {
      for (const sub of badSubjects) {
        const res = await ctx.request({
          method: 'GET',
          url: '/api/user/status/',
          token: await signed({ typ: 'access', sub }),
        });
        expect(res.statusCode, sub).toBe(401);
        expect(res.json()).toEqual({ code: 'tokenInvalid', detail: API_MSG.tokenInvalid });
      }
      const far = await signed({ typ: 'access', sub: '1', exp: 1e300 });
      const res = await ctx.request({ method: 'GET', url: '/api/user/status/', token: far });
      expect(res.statusCode).toBe(401);
    });

    it('are refused with 401 as refresh tokens, at refresh and logout', async () => {
      for (const sub of badSubjects) {
        const refresh = await signed({ typ: 'refresh', sub });
        const rotated = await ctx.request({
          method: 'POST',
          url: '/api/token/refresh/',
          body: { refresh },
        });
        expect(rotated.statusCode, sub).toBe(401);
        const out = await ctx.request({
          method: 'POST',
          url: '/api/token/blacklist/',
          body: { refresh },
        });
        expect(out.statusCode, sub).toBeLessThan(500);
      }
    });

    it('a well-formed one is accepted, so the refusals are the numbers', async () => {
      const user = await createUser(ctx);
      const token = await signed({ typ: 'access', sub: String(user.id) });
      const res = await ctx.request({ method: 'GET', url: '/api/user/status/', token });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(user.id);
    });
  },
  { env: { JWT_SECRET: SECRET } },
);
