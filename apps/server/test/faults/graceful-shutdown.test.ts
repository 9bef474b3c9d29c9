/**
 * SIGTERM on the real server process: it stops accepting, finishes the requests in
 * flight, closes the database and exits 0; a client that stalls cannot hold it up for
 * longer than the shutdown deadline, and a second signal ends it at once.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type Engine, uniqueName } from '../harness.ts';
import {
  call,
  createScratchDatabase,
  type ServerProcess,
  sleep,
  startServer,
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
