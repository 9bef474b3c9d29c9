import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/logging.ts';
import { createAnswer, createQuestion, createUser } from './factories.ts';
import { createTestContext, newSession, type TestContext } from './harness.ts';

describe('logs', () => {
  const lines: string[] = [];
  let ctx: TestContext & { close(): Promise<void> };
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    ctx = await createTestContext('pglite', {
      logger: { ...loggerOptions({ logLevel: 'trace' }), stream },
    });
  });
  afterAll(() => ctx.close());

  it('are JSON with a request id on every request line, and never hold a secret', async () => {
    const user = await createUser(ctx, { password: 'a very secret passphrase' });
    const refreshed = await ctx.request({
      method: 'POST',
      url: '/api/token/refresh/',
      body: { refresh: user.refresh },
    });
    const rotated = refreshed.json<{ access: string; refresh: string }>();
    const session = newSession();
    const question = await createQuestion(ctx, { session });
    await createAnswer(ctx, question.id, { session });
    await ctx.request({ method: 'GET', url: '/api/user/status/', token: rotated.access, session });
    // A failing request logs too: a bad token and a bad body.
    await ctx.request({ method: 'GET', url: '/api/user/status/', token: `${user.access}x` });
    await ctx.request({
      method: 'POST',
      url: '/api/token/',
      body: { username: user.username, password: 'a very secret passphrase!' },
    });

    expect(lines.length).toBeGreaterThan(10);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = records.filter((r) => r.req !== undefined || r.res !== undefined);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const record of requestLines) expect(record.reqId).toEqual(expect.any(String));

    const all = lines.join('\n');
    for (const secret of [
      'a very secret passphrase',
      user.access,
      user.refresh,
      rotated.access,
      rotated.refresh,
      session,
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
