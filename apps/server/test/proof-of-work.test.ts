/**
 * Proof-of-work for anonymous writes, with real challenges solved by
 * altcha-lib's own solver at a low difficulty: every anonymous question, reply, like and
 * report needs one; a challenge is used once, expires, and cannot be altered; signed-in
 * users skip it; with Redis, an instance refuses a challenge another instance accepted.
 */
import { randomBytes } from 'node:crypto';
import { API_MSG, type PowChallenge } from '@dating/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POW_ALGORITHM, POW_COST } from '../src/services/proof-of-work.ts';
import { createQuestion, createUser } from './factories.ts';
import { createTestContext, ENGINES, newSession, type TestContext } from './harness.ts';

type Ctx = TestContext & { close(): Promise<void> };
const REDIS_URL = process.env.TEST_REDIS_URL;

async function fetchChallenge(ctx: TestContext): Promise<PowChallenge> {
  const res = await ctx.request({ method: 'GET', url: '/api/challenge/' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<PowChallenge>();
}

async function solve(challenge: PowChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function solved(ctx: TestContext): Promise<string> {
  return solve(await fetchChallenge(ctx));
}

function ask(ctx: TestContext, altcha?: { header?: string; body?: string }) {
  const session = newSession();
  return ctx.request({
    method: 'POST',
    url: '/api/questions/',
    headers: altcha?.header === undefined ? {} : { 'x-altcha': altcha.header },
    body: {
      text: '<p>How do I say hello?</p>',
      session_id: session,
      ...(altcha?.body === undefined ? {} : { altcha: altcha.body }),
    },
  });
}

for (const engine of ENGINES) {
  describe(`proof-of-work [${engine}]`, () => {
    let ctx: Ctx;
    beforeAll(async () => {
      ctx = await createTestContext(engine, { env: { POW_DIFFICULTY: '3' } });
    });
    afterAll(() => ctx.close());

    it('gives signed challenges that expire, at the configured difficulty', async () => {
      const challenge = await fetchChallenge(ctx);
      expect(challenge.parameters).toMatchObject({
        algorithm: POW_ALGORITHM,
        cost: POW_COST,
        keyLength: 32,
      });
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      const expiresIn = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
      expect(expiresIn).toBeGreaterThan(25 * 60);
      expect(expiresIn).toBeLessThanOrEqual(30 * 60);
      // Between half the difficulty and all of it: 2 or 3 attempts for POW_DIFFICULTY=3.
      const solution = await solveChallenge({ challenge, deriveKey });
      expect(solution?.counter).toBeGreaterThanOrEqual(2);
      expect(solution?.counter).toBeLessThanOrEqual(3);
      expect((await fetchChallenge(ctx)).parameters.nonce).not.toBe(challenge.parameters.nonce);
    });

    it('refuses an anonymous write without a solved challenge, with a clear 400', async () => {
      const res = await ask(ctx);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'powMissing', detail: API_MSG.powMissing });
      expect(res.json().detail).toMatch(/GET \/api\/challenge\/.*X-Altcha/);
    });

    it('accepts a solution once, in the header or the body', async () => {
      const header = await solved(ctx);
      const first = await ask(ctx, { header });
      expect(first.statusCode, first.body).toBe(201);
      const replay = await ask(ctx, { header });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({ code: 'powReused', detail: API_MSG.powReused });
      const body = await solved(ctx);
      expect((await ask(ctx, { body })).statusCode).toBe(201);
      expect((await ask(ctx, { body })).json()).toEqual({
        code: 'powReused',
        detail: API_MSG.powReused,
      });
    });

    it('accepts one of 10 parallel uses of one solution', async () => {
      const header = await solved(ctx);
      const results = await Promise.all(Array.from({ length: 10 }, () => ask(ctx, { header })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(400)]);
    });

    it('refuses a wrong, altered or malformed solution', async () => {
      const challenge = await fetchChallenge(ctx);
      const solution = await solveChallenge({ challenge, deriveKey });
      const other = await solveChallenge({ challenge: await fetchChallenge(ctx), deriveKey });
      if (!solution || !other) throw new Error('unsolved');
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
      const easier = {
        ...challenge,
        parameters: {
          ...challenge.parameters,
          expiresAt: (challenge.parameters.expiresAt ?? 0) + 1,
        },
      };
      for (const header of [
        // Another challenge's solution. (The counter itself is not checked: the derived key
        // is, against its signature, and only the work of finding the counter gives it.)
        encode({ challenge, solution: other }),
        encode({ challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } }),
        encode({ challenge: easier, solution }),
        encode({ challenge: { ...challenge, signature: '0'.repeat(64) }, solution }),
        encode({
          challenge: {
            ...challenge,
            parameters: { ...challenge.parameters, algorithm: 'SHA-256' },
          },
          solution,
        }),
        encode({ challenge }),
        // Shapes that reached the checker unchecked: each was a 500.
        encode({
          challenge: { signature: 'x', parameters: null },
          solution: { counter: 1, derivedKey: 'x' },
        }),
        encode({ challenge: { ...challenge, parameters: [] }, solution }),
        encode({
          challenge: { ...challenge, parameters: { ...challenge.parameters, nonce: 7 } },
          solution,
        }),
        encode({
          challenge: { ...challenge, parameters: { ...challenge.parameters, salt: null } },
          solution,
        }),
        encode({
          challenge: { ...challenge, parameters: { ...challenge.parameters, expiresAt: 'soon' } },
          solution,
        }),
        encode({
          challenge: { ...challenge, parameters: { ...challenge.parameters, keyLength: 1e9 } },
          solution,
        }),
        encode({
          challenge: { ...challenge, parameters: { ...challenge.parameters, cost: -1 } },
          solution,
        }),
        encode({ challenge, solution: { ...solution, counter: -1 } }),
        encode({ challenge, solution: { ...solution, derivedKey: { hex: 'x' } } }),
        encode({ challenge: null, solution }),
        encode(null),
        encode([challenge, solution]),
        encode('just a string'),
        'not base64 at all!',
        Buffer.from('{"challenge":').toString('base64'),
      ]) {
        const res = await ask(ctx, { header });
        expect(res.statusCode, header).toBe(400);
        expect(res.json()).toEqual({ code: 'powInvalid', detail: API_MSG.powInvalid });
      }
      // The untouched solution still works: a refused attempt does not use it up.
      expect((await ask(ctx, { header: encode({ challenge, solution }) })).statusCode).toBe(201);
    });

    it('refuses an expired challenge', async () => {
      const expired = await ctx.app.pow.challenge(Math.floor(Date.now() / 1000) - 60);
      const res = await ask(ctx, { header: await solve(expired) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'powExpired', detail: API_MSG.powExpired });
    });

    it('needs one for anonymous replies, likes and reports too; signed-in users skip it', async () => {
      const q = await createQuestion(ctx, { token: (await createUser(ctx)).access });
      const session = newSession();
      const calls = [
        { url: `/api/questions/${q.id}/answers/`, body: { text: 'Hi', session_id: session } },
        { url: `/api/questions/${q.id}/like/`, body: { session_id: session } },
        { url: '/api/reports/', body: { question: q.id, reason: 'spam', session_id: session } },
      ];
      for (const call of calls) {
        const refused = await ctx.request({ method: 'POST', ...call });
        expect(refused.statusCode, call.url).toBe(400);
        expect(refused.json()).toEqual({ code: 'powMissing', detail: API_MSG.powMissing });
        const accepted = await ctx.request({
          method: 'POST',
          ...call,
          headers: { 'x-altcha': await solved(ctx) },
        });
        expect([200, 201], `${call.url}: ${accepted.body}`).toContain(accepted.statusCode);
      }
      const answer = (
        await ctx.request({
          method: 'POST',
          url: `/api/questions/${q.id}/answers/`,
          headers: { 'x-altcha': await solved(ctx) },
          body: { text: 'Another', session_id: newSession() },
        })
      ).json<{ id: number }>();
      const likeAnswer = await ctx.request({
        method: 'POST',
        url: `/api/answers/${answer.id}/like/`,
        body: { session_id: newSession() },
      });
      expect(likeAnswer.json()).toEqual({ code: 'powMissing', detail: API_MSG.powMissing });

      const user = await createUser(ctx);
      const signedIn = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        token: user.access,
        body: { text: '<p>Signed in</p>' },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(201);
      const liked = await ctx.request({
        method: 'POST',
        url: `/api/answers/${answer.id}/like/`,
        token: user.access,
      });
      expect(liked.statusCode).toBe(200);
    });
  });
}

describe('proof-of-work off', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { env: { POW_DIFFICULTY: 'off' } });
  });
  afterAll(() => ctx.close());

  it('gives no challenge (204) and asks for none', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/challenge/' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await ask(ctx)).statusCode).toBe(201);
  });
});

describe.runIf(REDIS_URL)('proof-of-work with Redis: one use across instances', () => {
  const prefix = `test${randomBytes(6).toString('hex')}:`;
  const env = {
    POW_DIFFICULTY: '2',
    REDIS_URL: REDIS_URL as string,
    REDIS_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  let a: Ctx;
  let b: Ctx;
  beforeAll(async () => {
    a = await createTestContext('pglite', { env });
    b = await createTestContext('pglite', { env, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('refuses on one instance a solution another instance accepted', async () => {
    // A challenge from one instance is good on the other: they share the signing secret.
    const header = await solved(a);
    expect((await ask(b, { header })).statusCode).toBe(201);
    const again = await ask(a, { header });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'powReused', detail: API_MSG.powReused });
  });
});
