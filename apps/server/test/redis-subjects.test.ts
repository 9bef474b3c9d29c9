/**
 * Nothing in Redis or in the logs names a key or an account (issue 37, item 3): a
 * representative run of the API (questions, replies, updates, likes, reports, edits,
 * refused edits, failed logins per account and per device, follows, notifications, push)
 * with two keys and two accounts against a real Redis, on both engines; then every key the
 * server wrote under the test's prefix, and every string value, is read, and none holds
 * any 8 characters in a row of a value the database keeps about a key or an account (every
 * `bytea` column: posts' key hashes, likes' MACs... in hex, base64 and base64url), nor a
 * key, a username or a user id. Every counter's name is `rl:<rule>:<keyed hash>`.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/logging.ts';
import {
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  likeQuestion,
  type TestUser,
} from './factories.ts';
import { createTestContext, ENGINES, newSession, type TestContext } from './harness.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;

/** Generous limits: the run is to write counters, not to be throttled. */
const RATE_LIMITS = [
  'login-ip-minute=1000/60',
  'login-ip-hour=1000/3600',
  'register-ip-hour=1000/3600',
  'question-identity=1000/15',
  'reply-identity=1000/5',
  'edit-identity-minute=1000/60',
  'guess-ip=1000/900',
  'guess-target=1000/900',
].join(',');

/** The windows of `text` of `size` characters. */
function windows(text: string, size: number): string[] {
  const found: string[] = [];
  for (let i = 0; i + size <= text.length; i += 1) found.push(text.slice(i, i + size));
  return found;
}

/** Every value of every `bytea` column of the database, in the spellings it could take. */
async function storedBytes(ctx: TestContext): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND data_type = 'bytea'`.execute(ctx.database.db);
  const spellings: string[] = [];
  for (const { table_name, column_name } of columns) {
    const { rows } = await sql<{ value: Buffer }>`
      SELECT ${sql.ref(column_name)} AS value FROM ${sql.table(table_name)}
      WHERE ${sql.ref(column_name)} IS NOT NULL`.execute(ctx.database.db);
    for (const { value } of rows) {
      spellings.push(value.toString('hex'), value.toString('base64'), value.toString('base64url'));
    }
  }
  return spellings;
}

for (const engine of ENGINES) {
  describe.skipIf(!REDIS_URL)(`nothing in Redis or the logs names a key [${engine}]`, () => {
    let ctx: TestContext & { close(): Promise<void> };
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const lines: string[] = [];

    beforeAll(async () => {
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      });
      ctx = await createTestContext(engine, {
        env: {
          RATE_LIMITS,
          REDIS_URL: REDIS_URL as string,
          REDIS_PREFIX: prefix,
          REDIS_COMMAND_TIMEOUT_MS: '5000',
          TRUST_PROXY: 'false',
        },
        logger: { ...loggerOptions({ logLevel: 'trace', logClientIp: false }), stream },
      });
    });
    afterAll(async () => {
      const client = ctx?.app.redis?.client;
      const written = client ? await client.keys(`${prefix}*`) : [];
      if (client && written.length > 0) await client.del(...written);
      await ctx?.close();
    });

    it('keeps every counter under a keyed hash, and logs no key, hash or user id', async () => {
      const keyA = newSession();
      const keyB = newSession();
      const alice: TestUser = await createUser(ctx);
      const bob: TestUser = await createUser(ctx);
      const asKeyA = { session: keyA };
      const asKeyB = { session: keyB };
      const asAlice = { token: alice.access };

      // Questions, replies and an update, by keys and accounts.
      const keyQuestion = await createQuestion(ctx, asKeyA);
      const accountQuestion = await createQuestion(ctx, asAlice);
      const reply = await createAnswer(ctx, keyQuestion.id, asKeyB);
      await createAnswer(ctx, keyQuestion.id, { ...asKeyA, parent_id: reply.id });
      const accountReply = await createAnswer(ctx, accountQuestion.id, { token: bob.access });
      const update = await ctx.request({
        method: 'POST',
        url: `/api/questions/${keyQuestion.id}/updates/`,
        ...asKeyA,
        body: { text: 'It went well.', session_id: keyA },
      });
      expect(update.statusCode, update.body).toBe(201);

      // Likes and reports.
      expect((await likeQuestion(ctx, keyQuestion.id, asKeyB)).statusCode).toBe(200);
      expect((await likeQuestion(ctx, accountQuestion.id, asKeyA)).statusCode).toBe(200);
      expect((await likeQuestion(ctx, keyQuestion.id, asAlice)).statusCode).toBe(200);
      await createReport(ctx, { question: accountQuestion.id }, asKeyB);
      await createReport(ctx, { answer: reply.id }, { token: bob.access });

      // Edits by their owners, and refused ones (counted per address and per target).
      const edit = await ctx.request({
        method: 'PATCH',
        url: `/api/questions/${keyQuestion.id}/`,
        ...asKeyA,
        body: { text: '<p>How do I say it, edited?</p>', session_id: keyA },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const notMine = await ctx.request({
        method: 'PATCH',
        url: `/api/questions/${keyQuestion.id}/`,
        ...asKeyB,
        body: { text: '<p>Not mine</p>', session_id: keyB },
      });
      expect(notMine.statusCode).toBe(403);
      const notAsker = await ctx.request({
        method: 'POST',
        url: `/api/answers/${accountReply.id}/helpful/`,
        ...asKeyB,
        body: { session_id: keyB },
      });
      expect(notAsker.statusCode).toBe(403);
      const helped = await ctx.request({
        method: 'POST',
        url: `/api/answers/${accountReply.id}/helpful/`,
        ...asAlice,
        body: {},
      });
      expect(helped.statusCode, helped.body).toBe(200);

      // Follows, notifications, push (refused, but counted).
      const follow = await ctx.request({
        method: 'POST',
        url: `/api/questions/${accountQuestion.id}/follow/`,
        ...asKeyB,
        body: { session_id: keyB },
      });
      expect(follow.statusCode, follow.body).toBeLessThan(300);
      const read = await ctx.request({
        method: 'POST',
        url: '/api/notifications/read/',
        ...asKeyA,
        body: {},
      });
      expect(read.statusCode, read.body).toBeLessThan(500);
      const push = await ctx.request({
        method: 'POST',
        url: '/api/push/subscriptions/',
        ...asKeyA,
        body: { endpoint: 'https://localhost/push', keys: { p256dh: 'x', auth: 'y' } },
      });
      expect(push.statusCode).toBe(400);

      // Failed logins: an account from an unknown device, a name that names none, and a
      // device the account knows (its cookie).
      const wrong = (username: string, cookie?: string) =>
        ctx.request({
          method: 'POST',
          url: '/api/token/',
          body: { username, password: 'not the password' },
          ...(cookie ? { headers: { cookie } } : {}),
        });
      expect((await wrong(alice.username)).statusCode).toBe(401);
      expect((await wrong(`nobody${randomBytes(4).toString('hex')}`)).statusCode).toBe(401);
      const signedIn = await ctx.request({
        method: 'POST',
        url: '/api/token/',
        body: { username: bob.username, password: bob.password },
      });
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0] as string;
      expect(cookie).toMatch(/^device=/);
      expect((await wrong(bob.username, cookie)).statusCode).toBe(401);

      // What the server wrote to Redis.
      const client = ctx.app.redis?.client;
      if (!client) throw new Error('no Redis');
      const written = (await client.keys(`${prefix}*`)).map((key) => key.slice(prefix.length));
      const counters = written.filter((key) => key.startsWith('rl:'));
      const rules = new Set(counters.map((key) => key.split(':')[1]));
      for (const rule of [
        'question-identity',
        'reply-identity',
        'like-identity-day',
        'report-identity-day',
        'edit-identity-minute',
        'guess-ip',
        'guess-target',
        'login-account',
        'login-device',
        'register-ip-hour',
      ]) {
        expect(rules, rule).toContain(rule);
      }
      for (const key of counters) expect(key).toMatch(/^rl:[a-z-]+:[A-Za-z0-9_-]{22}$/);
      const texts = [...written];
      for (const key of written) {
        if ((await client.type(prefix + key)) === 'string') {
          texts.push((await client.get(prefix + key)) ?? '');
        }
      }
      const redisText = texts.join('\n');

      // Nothing the database keeps about a key or an account, nor a key or a name.
      const stored = await storedBytes(ctx);
      expect(stored.length).toBeGreaterThan(10);
      const names = [keyA, keyB, alice.username, bob.username];
      for (const value of [...stored, ...names]) {
        for (const part of windows(value, 8)) expect(redisText).not.toContain(part);
      }
      // The values are counts (and revoked tokens' flags), the keys name no user id.
      for (const value of texts.slice(written.length)) expect(value).toMatch(/^\d+$/);
      for (const { id } of [alice, bob]) {
        expect(written.join('\n')).not.toMatch(
          new RegExp(`(^|[^A-Za-z0-9_-])[a-z]{0,2}${id}($|:|\\n)`),
        );
      }

      // Nor in the logs, where 12 characters in a row are looked for (request ids, times).
      const logText = lines.join('\n');
      expect(lines.length).toBeGreaterThan(20);
      for (const value of [...stored, ...names]) {
        for (const part of windows(value, 12)) expect(logText).not.toContain(part);
      }
    });
  });
}
