/**
 * The used-challenge store (proof-of-work) on a Redis that goes away: a redis-server this
 * test starts and kills with SIGKILL. Anonymous writes go on, each solution still accepted
 * once (checked in the instance's memory while Redis is gone), and nothing answers 500.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { PowChallenge } from '@dating/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, newSession, type TestContext } from '../harness.ts';
import { freePort, sleep } from './support.ts';

const REDIS_SERVER = '/usr/bin/redis-server';

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i += 1) {
    const probe = await fetch(`http://127.0.0.1:${port}`).catch((error: Error) => error);
    // Redis answers an HTTP request by closing the connection: anything but a refusal.
    if (!(probe instanceof Error) || !/ECONNREFUSED/.test(String(probe.cause))) return child;
    await sleep(50);
  }
  throw new Error('redis-server did not start');
}

async function solved(ctx: TestContext): Promise<string> {
  const challenge = (
    await ctx.request({ method: 'GET', url: '/api/challenge/' })
  ).json<PowChallenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const ask = (ctx: TestContext, header: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/questions/',
    headers: { 'x-altcha': header },
    body: { text: '<p>Still here?</p>', session_id: newSession() },
  });

describe.runIf(process.platform === 'linux')('challenge store: Redis killed', () => {
  let redis: ChildProcess;
  let ctx: TestContext & { close(): Promise<void> };
  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    ctx = await createTestContext('pglite', {
      env: { POW_DIFFICULTY: '2', REDIS_URL: `redis://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    redis.kill('SIGKILL');
    await ctx.close();
  });

  it('keeps accepting each solution once, in memory, when Redis dies', async () => {
    const before = await solved(ctx);
    expect((await ask(ctx, before)).statusCode).toBe(201);
    expect((await ask(ctx, before)).statusCode).toBe(400);

    redis.kill('SIGKILL');
    await once(redis, 'exit');
    const during = await solved(ctx);
    const first = await ask(ctx, during);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await ask(ctx, during);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toMatch(/already been used/);
  });
});
