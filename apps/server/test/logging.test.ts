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
    ).toBe('/api/questions/?search=[redacted]&tag_id=[redacted]&cursor=[redacted]&limit=5');
    expect(redactUrl('/x/?session_id=abc&token=t&Q=what&session_id=again')).toBe(
      '/x/?session_id=[redacted]&token=[redacted]&Q=[redacted]&session_id=[redacted]',
    );
  });

  it('masks by the name as parsed, array and encoded forms included', () => {
    const key = '3f2b8c1e-9d4a-4e7b-8c6d-1a2b3c4d5e6f';
    for (const [url, logged] of [
      [`/x/?session_id[]=${key}`, '/x/?session_id[]=[redacted]'],
      [`/x/?session_id%5B%5D=${key}`, '/x/?session_id[]=[redacted]'],
      [`/x/?SESSION_ID[0]=${key}`, '/x/?SESSION_ID[0]=[redacted]'],
      ['/x/?search[0]=my+ex&search[1]=cheated', '/x/?search[0]=[redacted]&search[1]=[redacted]'],
      ['/x/?cursor[]=eyJpZCI6MX0.abc', '/x/?cursor[]=[redacted]'],
      ['/x/?%73earch=my+ex', '/x/?search=[redacted]'],
      ['/x/?search.x=my+ex', '/x/?search.x=[redacted]'],
    ] as const) {
      expect(redactUrl(url), url).toBe(logged);
    }
  });

  it('masks what a visitor looked for or is: tags, user ids, groups and perspectives', () => {
    expect(
      redactUrl(
        '/api/questions/?tag_id=12&tag_id[]=cheating&user_id=7&gender=W&age_range=18-25&sort=top',
      ),
    ).toBe(
      '/api/questions/?tag_id=[redacted]&tag_id[]=[redacted]&user_id=[redacted]&gender=[redacted]&age_range=[redacted]&sort=top',
    );
    expect(redactUrl('/api/questions/5/?perspective_gender=M&perspective_age=45%2B')).toBe(
      '/api/questions/5/?perspective_gender=[redacted]&perspective_age=[redacted]',
    );
  });

  it('keeps only short plain values of paging parameters, and no unknown name or value', () => {
    expect(redactUrl('/x/?limit=20&has_updates=true&sort=unanswered')).toBe(
      '/x/?limit=20&has_updates=true&sort=unanswered',
    );
    const key = '3f2b8c1e-9d4a-4e7b-8c6d-1a2b3c4d5e6f';
    expect(redactUrl(`/x/?limit=${key}&sort=%3Cscript%3E`)).toBe(
      '/x/?limit=[redacted]&sort=[redacted]',
    );
    expect(redactUrl(`/x/?${key}=1&sesion_id=${key}`)).toBe(
      '/x/?[redacted]=[redacted]&[redacted]=[redacted]',
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
    // Array forms of a secret's name, and what a visitor filtered by.
    await ctx.request({
      method: 'GET',
      url: `/api/questions/?session_id[]=${session}&search[0]=ghosted&tag_id=secrettag`,
    });
    await ctx.request({
      method: 'GET',
      url: `/api/questions/${question.id}/?perspective_gender=NB&perspective_age=45%2B`,
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
      'ghosted',
      'secrettag',
      'perspective_gender=NB',
      '45+',
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
