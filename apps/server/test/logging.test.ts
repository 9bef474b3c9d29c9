import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailyAddressHasher, loggerOptions, redactUrl } from '../src/logging.ts';
import { createAnswer, createQuestion, createUser } from './factories.ts';
import { createTestContext, newSession, type TestContext } from './harness.ts';

describe('redactUrl', () => {
  it('keeps the path and masks the values of secret or personal query parameters', () => {
    expect(redactUrl('/api/questions/')).toBe('/api/questions/');
    expect(
      redactUrl('/api/questions/?search=my+ex&tag_id=breakup&cursor=eyJpZCI6MX0&limit=5'),
    ).toBe('/api/questions/?search=[redacted]&tag_id=breakup&cursor=[redacted]&limit=5');
    expect(redactUrl('/x/?session_id=abc&token=t&Q=what&session_id=again')).toBe(
      '/x/?session_id=[redacted]&token=[redacted]&Q=[redacted]',
    );
  });
});

describe('DailyAddressHasher', () => {
  it('hashes one address alike within a day and differently the next day', () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const hasher = new DailyAddressHasher(() => now);
    const morning = hasher.hash('203.0.113.7');
    expect(morning).toMatch(/^[0-9a-f]{16}$/);
    expect(morning).not.toContain('203');
    now = new Date('2026-11-23T23:59:59Z');
    expect(hasher.hash('203.0.113.7')).toBe(morning);
    expect(hasher.hash('203.0.113.8')).not.toBe(morning);
    now = new Date('2026-11-24T00:00:01Z');
    expect(hasher.hash('203.0.113.7')).not.toBe(morning);
  });
});

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
      logger: { ...loggerOptions({ logLevel: 'trace', logClientIp: false }), stream },
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
    await ctx.request({
      method: 'GET',
      url: `/api/questions/?search=my%20ex%20cheated&session_id=${session}&cursor=secretcursor`,
      session,
      remoteAddress: '198.51.100.23',
    });
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
      'cheated',
      'secretcursor',
      '198.51.100.23',
    ]) {
      expect(all).not.toContain(secret);
    }
    const searched = records.find((r) =>
      String((r.req as { url?: string } | undefined)?.url).startsWith('/api/questions/?search'),
    );
    expect(searched?.req).toEqual({
      method: 'GET',
      url: '/api/questions/?search=[redacted]&session_id=[redacted]&cursor=[redacted]',
      client: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });
});

describe('logs with LOG_CLIENT_IP=true', () => {
  it("hold the client address as it is, by the operator's choice", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const ctx = await createTestContext('pglite', {
      logger: { ...loggerOptions({ logLevel: 'info', logClientIp: true }), stream },
    });
    try {
      await ctx.request({ method: 'GET', url: '/api/tags/', remoteAddress: '198.51.100.24' });
    } finally {
      await ctx.close();
    }
    expect(lines.join('\n')).toContain('"remoteAddress":"198.51.100.24"');
  });
});
