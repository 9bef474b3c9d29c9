/**
 * Another session holds a hot question's row locked (a long transaction, a stuck job)
 * while likes on it keep arriving. Each like waits for the lock; without a lock timeout
 * each waited the whole statement timeout, holding a pooled connection, and at a steady
 * rate of likes the waiters took the whole pool, so reads that need no lock failed too.
 * With lock_timeout, a like gives up after DATABASE_LOCK_TIMEOUT_MS with 503 and
 * Retry-After, the pool keeps room for everyone else, and nothing hangs.
 */
import { API_MSG } from '@dating/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answered,
  call,
  createScratchDatabase,
  newSession,
  type ServerProcess,
  sleep,
  startServer,
  tempDir,
} from './support.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

const POOL_SIZE = 8;
const LOCK_TIMEOUT_MS = 2_000;
/** The default: without a lock timeout, a like would wait this long. */
const STATEMENT_TIMEOUT_MS = 5_000;
const HOLD_MS = 8_000;
/** One like this often: 2.5 a second, each holding a connection while it waits. */
const LIKE_EVERY_MS = 400;

interface Timed {
  answer: Answered;
  startedAt: number;
  ms: number;
}

async function timed(request: () => Promise<Answered>): Promise<Timed> {
  const startedAt = Date.now();
  const answer = await request();
  return { answer, startedAt, ms: Date.now() - startedAt };
}

describe.skipIf(!POSTGRES_URL)('writers queued on a locked row (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: ServerProcess;
  let holder: pg.Client;

  beforeAll(async () => {
    database = await createScratchDatabase(POSTGRES_URL as string, 'locks');
    server = await startServer({
      dataDir: await tempDir('locks-'),
      databaseUrl: database.url,
      env: {
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        DATABASE_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      },
    });
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
  }, 90_000);

  afterAll(async () => {
    await server?.stop('SIGKILL').catch(() => {});
    await holder?.end().catch(() => {});
    await database?.drop();
  });

  async function ask(text: string) {
    const session = newSession();
    const asked = await call(server.baseUrl, 'POST', '/api/questions/', {
      session,
      body: { text: `<p>${text}</p>`, session_id: session },
    });
    expect(asked.status).toBe(201);
    return (asked.body as { id: number }).id;
  }

  const like = (questionId: number) => () => {
    const session = newSession();
    return call(server.baseUrl, 'POST', `/api/questions/${questionId}/like/`, {
      session,
      body: { session_id: session },
      timeoutMs: 60_000,
    });
  };

  it('fails the waiting likes fast with 503, while reads keep being served', async () => {
    const hot = await ask('Everyone likes this one');
    const quiet = await ask('Nobody touches this one');

    await holder.query('BEGIN');
    await holder.query('SELECT id FROM questions WHERE id = $1 FOR UPDATE', [hot]);
    const lockedAt = Date.now();
    const likes: Promise<Timed>[] = [];
    const quietLikes: Promise<Timed>[] = [];
    const reads: Timed[] = [];
    const readUrls = [`/api/questions/${hot}/`, `/api/questions/${quiet}/`, '/api/questions/'];
    try {
      const reader = (async () => {
        for (let i = 0; Date.now() - lockedAt < HOLD_MS; i += 1) {
          const url = readUrls[i % readUrls.length] as string;
          reads.push(await timed(() => call(server.baseUrl, 'GET', url, { timeoutMs: 60_000 })));
          await sleep(100);
        }
      })();
      while (Date.now() - lockedAt < HOLD_MS) {
        likes.push(timed(like(hot)));
        // Likes share statements (services/likes.ts): the waiting ones must not hold up a
        // like of another question.
        quietLikes.push(timed(like(quiet)));
        await sleep(LIKE_EVERY_MS);
      }
      await reader;
    } finally {
      await holder.query('ROLLBACK');
    }
    const releasedAt = Date.now();
    const liked = await Promise.all(likes);

    // Reads never waited on the writers.
    expect(reads.length).toBeGreaterThan(10);
    for (const read of reads) {
      expect(read.answer.status, JSON.stringify(read.answer.body)).toBe(200);
      expect(read.ms).toBeLessThan(1_500);
    }
    for (const { answer, ms } of await Promise.all(quietLikes)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(ms).toBeLessThan(1_500);
    }
    // Every like sent while the lock held long enough gave up after the lock timeout, far
    // sooner than the statement timeout; those sent near the release went through.
    const refused = liked.filter((l) => l.startedAt + LOCK_TIMEOUT_MS + 500 < releasedAt);
    expect(refused.length).toBeGreaterThan(10);
    for (const { answer, ms } of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body).toEqual({
        code: 'serviceUnavailable',
        detail: API_MSG.serviceUnavailable,
      });
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(ms).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(LOCK_TIMEOUT_MS + 1_500);
    }
    for (const { answer } of liked) expect([200, 503]).toContain(answer.status);

    // Nothing is left hanging: a like now goes through at once, and the count is exact.
    const after = await timed(like(hot));
    expect(after.answer.status).toBe(200);
    expect(after.ms).toBeLessThan(1_500);
    const accepted = liked.filter((l) => l.answer.status === 200).length + 1;
    expect(after.answer.body).toEqual({ likes: accepted });
    expect(server.output()).not.toContain('"level":50');
  }, 90_000);
});
