/**
 * Guessing is throttled: a refused ownership check (403 on another's item)
 * counts per IP (10 per 15 minutes) and per target (20 per 15 minutes); then the answer is
 * 429 with Retry-After. Ownership is checked first, so the owner's own edits and deletes
 * are never counted nor slowed, whoever is guessing. In memory, and in Redis when
 * TEST_REDIS_URL is set; on every engine.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswer, createQuestion, createUser } from './factories.ts';
import { createTestContext, ENGINES, newSession, type TestContext } from './harness.ts';

type Ctx = TestContext & { close(): Promise<void> };
const REDIS_URL = process.env.TEST_REDIS_URL;
const STORES = REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

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

for (const engine of ENGINES) {
  for (const store of STORES) {
    describe(`ownership guesses [${engine}, ${store}]`, () => {
      let ctx: Ctx;
      beforeAll(async () => {
        ctx = await createTestContext(engine, {
          env: {
            // The defaults, but for the questions and replies these tests make quickly.
            RATE_LIMITS: 'question-identity=1000/15,reply-identity=1000/5',
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

      const guess = (method: 'PATCH' | 'DELETE', url: string, remoteAddress: string) =>
        ctx.request({
          method,
          url,
          session: newSession(),
          remoteAddress,
          ...(method === 'PATCH' ? { body: { text: 'Guessed!' } } : {}),
        });

      it('answers 429 to 1,000 guesses from one IP once 10 are spent; the owner still edits and deletes', async () => {
        const question = await createQuestion(ctx);
        const owner = newSession();
        const answer = await createAnswer(ctx, question.id, { session: owner });
        const url = `/api/answers/${answer.id}/`;
        const statuses: number[] = [];
        for (let i = 0; i < 1000; i += 20) {
          const batch = await Promise.all(
            Array.from({ length: 20 }, (_, j) =>
              guess((i + j) % 2 ? 'PATCH' : 'DELETE', url, '10.30.0.1'),
            ),
          );
          statuses.push(...batch.map((res) => res.statusCode));
        }
        expect(statuses.filter((s) => s === 403)).toHaveLength(10);
        expect(statuses.filter((s) => s === 429)).toHaveLength(990);
        expectThrottled(await guess('DELETE', url, '10.30.0.1'));

        // The owner, from the very same address, is not slowed down.
        for (let i = 0; i < 3; i += 1) {
          const edit = await ctx.request({
            method: 'PATCH',
            url,
            session: owner,
            remoteAddress: '10.30.0.1',
            body: { text: `Edited by its owner ${i}` },
          });
          expect(edit.statusCode).toBe(200);
        }
        const removed = await ctx.request({
          method: 'DELETE',
          url,
          session: owner,
          remoteAddress: '10.30.0.1',
        });
        expect(removed.statusCode).toBe(204);
        // The answer really is gone, and no guess ever changed it.
        expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(404);
      });

      it('bounds guesses at one item from many addresses; the owner is not held up', async () => {
        const question = await createQuestion(ctx);
        const owner = newSession();
        const answer = await createAnswer(ctx, question.id, { session: owner });
        const url = `/api/answers/${answer.id}/`;
        const statuses: number[] = [];
        for (let i = 0; i < 25; i += 1) {
          statuses.push((await guess('DELETE', url, `10.31.0.${i}`)).statusCode);
        }
        expect(statuses).toEqual([...Array(20).fill(403), ...Array(5).fill(429)]);
        // Another item is guessed at from a fresh address as usual.
        const other = await createAnswer(ctx, question.id);
        expect((await guess('DELETE', `/api/answers/${other.id}/`, '10.31.1.1')).statusCode).toBe(
          403,
        );
        const edit = await ctx.request({
          method: 'PATCH',
          url,
          session: owner,
          remoteAddress: '10.31.0.1',
          body: { text: 'Still mine' },
        });
        expect(edit.statusCode).toBe(200);
        expect(edit.json().text).toBe('Still mine');
      });

      it('counts refused edits and deletes of questions by other users', async () => {
        const owner = await createUser(ctx);
        const other = await createUser(ctx);
        const question = await createQuestion(ctx, { token: owner.access });
        const url = `/api/questions/${question.id}/`;
        const statuses: number[] = [];
        for (let i = 0; i < 12; i += 1) {
          const res = await ctx.request({
            method: i % 2 ? 'PATCH' : 'DELETE',
            url,
            token: other.access,
            remoteAddress: '10.32.0.1',
            ...(i % 2 ? { body: { text: '<p>Taken over</p>' } } : {}),
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([...Array(10).fill(403), 429, 429]);
        const edit = await ctx.request({
          method: 'PATCH',
          url,
          token: owner.access,
          remoteAddress: '10.32.0.1',
          body: { text: '<p>Still mine</p>' },
        });
        expect(edit.statusCode).toBe(200);
        const removed = await ctx.request({
          method: 'DELETE',
          url,
          token: owner.access,
          remoteAddress: '10.32.0.1',
        });
        expect(removed.statusCode).toBe(204);
      });

      it('does not count a missing item (404) as a guess', async () => {
        for (let i = 0; i < 15; i += 1) {
          const res = await guess('DELETE', '/api/answers/2000000000/', '10.33.0.1');
          expect(res.statusCode).toBe(404);
        }
        const question = await createQuestion(ctx);
        const answer = await createAnswer(ctx, question.id);
        expect((await guess('DELETE', `/api/answers/${answer.id}/`, '10.33.0.1')).statusCode).toBe(
          403,
        );
      });
    });
  }
}
