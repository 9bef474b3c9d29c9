/**
 * SIGTERM on the real server process: it stops accepting, finishes the requests in
 * flight, closes the database and exits 0; a client that stalls cannot hold it up for
 * longer than the shutdown deadline, and a second signal ends it at once. With a slow
 * database (a proxy adding latency in front of PostgreSQL), requests in flight still
 * finish before the database closes, and those cut off at the deadline are logged and
 * commit nothing.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type Engine, uniqueName } from '../harness.ts';
import {
  type Answered,
  call,
  createScratchDatabase,
  newSession,
  type ServerProcess,
  sleep,
  startServer,
  startTcpProxy,
  type TcpProxy,
  tempDir,
} from './support.ts';

async function databaseFor(engine: Engine) {
  if (engine === 'pglite') return { url: undefined, drop: async () => {} };
  return createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'shutdown');
}

/**
 * A client that sends a request's headers and never its body: the request stays in
 * flight as long as the connection is open.
 */
async function stalledRequest(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    'POST /api/token/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
  );
  await sleep(200);
  return socket;
}

for (const engine of ENGINES) {
  describe(`graceful shutdown [${engine}]`, () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    async function start(dataDir?: string, databaseUrl?: string) {
      const server = await startServer({
        dataDir: dataDir ?? (await tempDir('shutdown-')),
        databaseUrl,
        // The request log tells when requests have arrived.
        logLevel: 'info',
      });
      cleanups.push(() => server.stop('SIGKILL').catch(() => {}));
      return server;
    }

    it('finishes the requests in flight, closes the database and exits 0', async () => {
      const database = await databaseFor(engine);
      cleanups.push(database.drop);
      const dataDir = await tempDir('shutdown-');
      const server = await start(dataDir, database.url);
      // Registering hashes a password (argon2id, tens of milliseconds each): a burst of
      // them keeps the server busy while the signal arrives.
      const users = Array.from({ length: 16 }, () => uniqueName('bye'));
      const password = 'graceful shutdown pw';
      const inFlight = users.map((username) =>
        call(server.baseUrl, 'POST', '/api/register/', {
          body: { username, password, password2: password },
        }),
      );
      // The signal comes once the server has received every one of them.
      const received = () => server.output().split('"url":"/api/register/"').length - 1;
      while (received() < users.length) await sleep(10);
      const signalled = Date.now();
      const exit = server.stop('SIGTERM');
      const answers = await Promise.all(inFlight);
      expect(answers.map((a) => a.status)).toEqual(users.map(() => 201));
      expect(await exit, server.output()).toEqual({ code: 0, signal: null });
      // Done when the last response is sent, not by the 10 s deadline: keep-alive
      // connections close with their response.
      expect(server.output()).not.toContain('deadline reached');
      expect(Date.now() - signalled).toBeLessThan(9_000);
      await expect(call(server.baseUrl, 'GET', '/api/health/')).rejects.toThrow();

      // The database was closed cleanly: the next start finds every user.
      const again = await start(dataDir, database.url);
      for (const username of users) {
        const login = await call(again.baseUrl, 'POST', '/api/token/', {
          body: { username, password },
        });
        expect(login.status, username).toBe(200);
      }
      expect(await again.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }, 150_000);
  });
}

describe('shutdown deadline and second signal', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    // Create the embedded database once; each test then starts on it quickly.
    dataDir = await tempDir('shutdown-');
    const first = await startServer({ dataDir });
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 90_000);
  afterEach(async () => {
    await server?.stop('SIGKILL').catch(() => {});
  });

  it('does not let a stalled client hold shutdown beyond its deadline', async () => {
    server = await startServer({ dataDir });
    const stalled = await stalledRequest(server.baseUrl);
    const started = Date.now();
    const exit = await server.stop('SIGTERM', 25_000);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    // The deadline is 10 s; the database then closes cleanly.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(server.output()).toContain('shutdown deadline reached');
    stalled.destroy();
  }, 60_000);

  it('ends at once on a second signal sent later', async () => {
    server = await startServer({ dataDir });
    const stalled = await stalledRequest(server.baseUrl);
    server.child.kill('SIGTERM');
    // The same stop request delivered twice at once (SIGINT to the process group and
    // SIGTERM from a supervisor) is still a graceful shutdown...
    server.child.kill('SIGINT');
    await sleep(1_200);
    expect(server.child.exitCode).toBeNull();
    // ...while a signal sent later means "do not wait".
    const started = Date.now();
    const exit = await server.stop('SIGINT', 5_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(exit.code).toBe(1);
    stalled.destroy();
  }, 60_000);
});

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!POSTGRES_URL)('shutdown with a slow database (PostgreSQL behind a proxy)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase(POSTGRES_URL as string, 'slowstop');
    const target = new URL(POSTGRES_URL as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  afterEach(async () => {
    proxy.setLatency(0);
    for (const server of servers.splice(0)) await server.stop('SIGKILL').catch(() => {});
  });
  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
  });

  async function start(env: Record<string, string> = {}) {
    const server = await startServer({
      dataDir: await tempDir('slowstop-'),
      databaseUrl: proxy.urlFor(database.url),
      logLevel: 'info',
      env,
    });
    servers.push(server);
    return server;
  }

  /** Questions asked while the link is fast, and a warm pool: opening connections is not tested. */
  async function askQuestions(server: ServerProcess, count: number) {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const session = newSession();
      const asked = await call(server.baseUrl, 'POST', '/api/questions/', {
        session,
        body: { text: `<p>Slow database, fast exit? ${i}</p>`, session_id: session },
      });
      expect(asked.status).toBe(201);
      ids.push((asked.body as { id: number }).id);
    }
    const warm = await Promise.all(
      Array.from({ length: 10 }, () => call(server.baseUrl, 'GET', `/api/questions/${ids[0]}/`)),
    );
    expect(warm.map((r) => r.status)).toEqual(warm.map(() => 200));
    return ids;
  }

  /**
   * One reply to each question, all at once (replies to one question queue on its row
   * lock); resolves when the server has logged the arrival of every one. Each with an
   * Idempotency-Key, as the web app sends them: a transaction of several statements, whose
   * COMMIT is sent last (a reply without a key is one statement, which commits as it ends).
   */
  async function reply(server: ServerProcess, questionIds: number[]) {
    const urls = questionIds.map((id) => `/api/questions/${id}/answers/`);
    const seen = () => urls.filter((url) => server.output().includes(`"url":"${url}"`)).length;
    const session = newSession();
    const requests = urls.map((url, i) =>
      call(server.baseUrl, 'POST', url, {
        session,
        body: { text: `Reply ${i} during shutdown`, session_id: session },
        headers: { 'idempotency-key': `shutdown-${newSession()}` },
        timeoutMs: 60_000,
      }),
    );
    while (seen() < urls.length) await sleep(10);
    return requests;
  }

  /** Answers stored for the questions, read by a fresh server. */
  async function answersStored(questionIds: number[]) {
    const again = await start();
    let total = 0;
    for (const id of questionIds) {
      const detail = await call(again.baseUrl, 'GET', `/api/questions/${id}/`);
      expect(detail.status).toBe(200);
      total += (detail.body as { answer_count: number }).answer_count;
    }
    return total;
  }

  it('finishes the requests slowed by the database before closing it, and exits 0', async () => {
    const server = await start();
    const questionIds = await askQuestions(server, 8);
    proxy.setLatency(150);
    const requests = await reply(server, questionIds);
    const exit = server.stop('SIGTERM', 60_000);
    const answers: Answered[] = await Promise.all(requests);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(await exit, server.output()).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toContain('deadline reached');
    expect(server.output()).not.toContain('driver has already been destroyed');
    expect(server.output()).not.toContain('"level":50');
    proxy.setLatency(0);
    expect(await answersStored(questionIds)).toBe(8);
  }, 120_000);

  it('at its deadline, logs what it cuts off, commits none of it, and exits 0', async () => {
    const server = await start({ SHUTDOWN_DEADLINE_MS: '1000' });
    const questionIds = await askQuestions(server, 5);
    // Each statement now takes 1.2 s there and back: a reply's transaction needs several.
    proxy.setLatency(600);
    const settled = Promise.allSettled(await reply(server, questionIds));
    const exit = await server.stop('SIGTERM', 60_000);
    const output = server.output();
    expect(exit, output).toEqual({ code: 0, signal: null });
    expect(output).toContain('shutdown deadline reached: cutting off 5 request(s) in flight');
    const cutOff = output.split('\n').find((line) => line.includes('deadline reached')) ?? '';
    const listed = (JSON.parse(cutOff) as { requests: { url: string }[] }).requests;
    expect(listed.map((r) => r.url).sort()).toEqual(
      questionIds.map((id) => `/api/questions/${id}/answers/`).sort(),
    );
    expect(listed[0]).toEqual({
      reqId: expect.any(String),
      method: 'POST',
      url: expect.any(String),
      ms: expect.any(Number),
    });
    expect(output).not.toContain('driver has already been destroyed');
    expect(output).not.toContain('shutdown did not complete');
    // Their connections were closed without an answer.
    expect((await settled).map((s) => s.status)).toEqual(questionIds.map(() => 'rejected'));
    proxy.setLatency(0);
    expect(await answersStored(questionIds)).toBe(0);
  }, 120_000);
});
