/**
 * A slow dependency must not hang requests or commit writes the client gave up on:
 * statement timeout, pool acquire timeout and the request deadline, through HTTP, on a
 * real lock (`LOCK TABLE answers` held by another session) and a held pool.
 */
import { API_MSG } from '@dating/contract';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnswer, createQuestion } from './factories.ts';
import { createTestContext, ENGINES, newSession, type TestContext } from './harness.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

type Context = Awaited<ReturnType<typeof createTestContext>>;

function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toEqual({ code: 'serviceUnavailable', detail: API_MSG.serviceUnavailable });
  expect(res.headers['retry-after']).toBe('5');
}

const answerCount = async (ctx: TestContext, questionId: number) => {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/${questionId}/` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ answer_count: number; answers: { text: string }[] }>();
};

function postAnswer(ctx: TestContext, questionId: number, text: string) {
  const session = newSession();
  return ctx.request({
    method: 'POST',
    url: `/api/questions/${questionId}/answers/`,
    session,
    body: { text, session_id: session },
  });
}

/** Another session that holds `LOCK TABLE answers` until released. */
async function lockAnswers(ctx: TestContext) {
  const { rows } = await ctx.database.pool.query<{ schema: string }>(
    'SELECT current_schema() AS schema',
  );
  const client = new pg.Client({
    connectionString: POSTGRES_URL,
    options: `-c search_path=${rows[0]?.schema}`,
  });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE answers IN ACCESS EXCLUSIVE MODE');
  return async () => {
    await client.query('ROLLBACK');
    await client.end();
  };
}

describe.skipIf(!POSTGRES_URL)('a locked table (PostgreSQL)', () => {
  let ctx: Context;
  let questionId: number;

  beforeAll(async () => {
    ctx = await createTestContext('postgres', {
      databaseOptions: { poolSize: 5, statementTimeoutMs: 1_000, acquireTimeoutMs: 500 },
    });
    questionId = (await createQuestion(ctx)).id;
    await createAnswer(ctx, questionId);
  });
  afterAll(() => ctx.close());

  it('fails the requests that need it with 503, and unrelated reads keep working', async () => {
    const unlock = await lockAnswers(ctx);
    try {
      // Each of these waits for the lock, until the statement timeout cancels it.
      const blocked = Promise.all([
        ctx.request({ method: 'GET', url: `/api/questions/${questionId}/` }),
        ctx.request({ method: 'GET', url: `/api/questions/${questionId}/` }),
        postAnswer(ctx, questionId, 'Written while the table is locked'),
      ]);
      // Meanwhile the pool's last connection serves what does not touch answers.
      for (const url of ['/api/questions/', '/api/tags/', '/api/health/ready/']) {
        const res = await ctx.request({ method: 'GET', url });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
      // They answer by themselves, while the lock is still held.
      for (const res of await blocked) expectUnavailable(res);

      // More requests than the pool has connections: each is refused, none hangs.
      const flood = await Promise.all(
        Array.from({ length: 12 }, () =>
          ctx.request({ method: 'GET', url: `/api/questions/${questionId}/` }),
        ),
      );
      for (const res of flood) expectUnavailable(res);
      const feed = await ctx.request({ method: 'GET', url: '/api/questions/' });
      expect(feed.statusCode).toBe(200);
    } finally {
      await unlock();
    }
    // Nothing refused was written.
    const detail = await answerCount(ctx, questionId);
    expect(detail.answer_count).toBe(1);
    expect(detail.answers).toHaveLength(1);
  });

  it('does not commit a write still waiting at its deadline', async () => {
    // A generous statement timeout: the deadline alone must stop the write.
    const late = await createTestContext('postgres', {
      databaseOptions: { poolSize: 2, statementTimeoutMs: 60_000 },
      env: { REQUEST_DEADLINE_MS: '800' },
    });
    try {
      const id = (await createQuestion(late)).id;
      const unlock = await lockAnswers(late);
      let answered: LightMyRequestResponse;
      try {
        answered = await postAnswer(late, id, 'Too late to count');
      } finally {
        await unlock();
      }
      expectUnavailable(answered);
      // The lock is gone: had the write only been left waiting, it would commit now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const detail = await answerCount(late, id);
      expect(detail.answer_count).toBe(0);
      expect(detail.answers).toEqual([]);
      // The next request, with a fresh deadline, writes normally.
      expect((await postAnswer(late, id, 'On time')).statusCode).toBe(201);
    } finally {
      await late.close();
    }
  });
});

for (const engine of ENGINES) {
  describe(`a pool held by other work [${engine}]`, () => {
    let quick: Context;
    let late: Context;
    beforeAll(async () => {
      quick = await createTestContext(engine, {
        databaseOptions: { poolSize: 1, acquireTimeoutMs: 300 },
      });
      late = await createTestContext(engine, {
        databaseOptions: { poolSize: 1, acquireTimeoutMs: 10_000 },
        env: { REQUEST_DEADLINE_MS: '300' },
      });
    });
    afterAll(async () => {
      await quick.close();
      await late.close();
    });

    // The bound is generous (the timeout is 0.3 s); it only tells "fails fast" from a
    // request left waiting for the 5 to 10 s pg-pool used to allow.
    it('answers 503 once the acquire timeout passes, and serves again after', {
      timeout: 8_000,
    }, async () => {
      const held = await quick.database.pool.connect();
      try {
        expectUnavailable(await quick.request({ method: 'GET', url: '/api/questions/' }));
        const session = newSession();
        expectUnavailable(
          await quick.request({
            method: 'POST',
            url: '/api/questions/',
            session,
            body: { text: '<p>Queued behind a held pool?</p>', session_id: session },
          }),
        );
      } finally {
        held.release();
      }
      const list = await quick.request({ method: 'GET', url: '/api/questions/' });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([]);
    });

    it('commits nothing for a request whose deadline passed while it waited', async () => {
      const held = await late.database.pool.connect();
      const session = newSession();
      const asked = late.request({
        method: 'POST',
        url: '/api/questions/',
        session,
        body: { text: '<p>Still wanted after a second?</p>', session_id: session },
      });
      await new Promise((resolve) => setTimeout(resolve, 800));
      held.release();
      expectUnavailable(await asked);
      const list = await late.request({ method: 'GET', url: '/api/questions/' });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([]);
      // Every request, refused or served, has left the list of those in flight.
      expect(late.app.requestsInFlight.size).toBe(0);
      expect(quick.app.requestsInFlight.size).toBe(0);
    });
  });
}
