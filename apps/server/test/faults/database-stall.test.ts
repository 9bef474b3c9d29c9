/**
 * The network between the server and PostgreSQL goes silent without closing anything (a
 * TCP proxy in front of the real PostgreSQL stops passing bytes). Statements already sent
 * get no reply and no error: the server must not wait for them beyond its client-side
 * query timeout, must say so honestly when the silent statement was a COMMIT, must recover
 * when the network does, and must still shut down cleanly (exit 0) during the stall.
 */
import { API_MSG } from '@dating/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

/** PostgreSQL cancels a statement after this; the client waits 1 s more for that answer. */
const STATEMENT_TIMEOUT_MS = 2_000;
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 1_000;
/** What a request may take during a stall: the query timeout, and slack for a busy machine. */
const STALLED_REQUEST_BOUND_MS = QUERY_TIMEOUT_MS + 2_000;
const SHUTDOWN_DEADLINE_MS = 10_000;

function expectUnavailable(res: Answered, detail: string = API_MSG.serviceUnavailable) {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  const code =
    detail === API_MSG.writeMayHaveBeenSaved ? 'writeMayHaveBeenSaved' : 'serviceUnavailable';
  expect(res.body).toEqual({ detail, code });
  expect(res.headers.get('retry-after')).toBe('5');
}

/**
 * A write caught in the stall: unavailable, or, when it was one statement sent before the
 * silence (a reply without a key, shared with others: it commits as it ends, in
 * DATABASE_POOL_MODE=session), that it may have been saved.
 */
function expectWriteRefused(res: Answered) {
  const detail = (res.body as { detail?: string }).detail;
  expect([API_MSG.serviceUnavailable, API_MSG.writeMayHaveBeenSaved]).toContain(detail);
  expectUnavailable(res, detail);
}

/** A request, and how long it took to be answered. */
async function timed(request: Promise<Answered>) {
  const started = Date.now();
  const answer = await request;
  return { answer, ms: Date.now() - started };
}

describe.skipIf(!POSTGRES_URL)('a stalled network to PostgreSQL (a proxy that goes silent)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase(POSTGRES_URL as string, 'stall');
    const target = new URL(POSTGRES_URL as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  afterEach(async () => {
    proxy.setStalled(false);
    for (const server of servers.splice(0)) await server.stop('SIGKILL').catch(() => {});
  });
  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
  });

  async function start(env: Record<string, string> = {}) {
    const server = await startServer({
      dataDir: await tempDir('stall-'),
      databaseUrl: proxy.urlFor(database.url),
      logLevel: 'info',
      env: {
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        SHUTDOWN_DEADLINE_MS: String(SHUTDOWN_DEADLINE_MS),
        ...env,
      },
    });
    servers.push(server);
    return server;
  }

  /** A question, and a warm pool: connections already open when the network stalls. */
  async function askQuestion(server: ServerProcess) {
    const session = newSession();
    const asked = await call(server.baseUrl, 'POST', '/api/questions/', {
      session,
      body: { text: '<p>Will the line hold?</p>', session_id: session },
    });
    expect(asked.status).toBe(201);
    const id = (asked.body as { id: number }).id;
    const warm = await Promise.all(
      Array.from({ length: 8 }, () => call(server.baseUrl, 'GET', `/api/questions/${id}/`)),
    );
    expect(warm.map((r) => r.status)).toEqual(warm.map(() => 200));
    return id;
  }

  /** A reply; with an Idempotency-Key (`keyed`), a transaction whose COMMIT comes last. */
  const reply = (server: ServerProcess, questionId: number, text: string, keyed = false) => {
    const session = newSession();
    return call(server.baseUrl, 'POST', `/api/questions/${questionId}/answers/`, {
      session,
      body: { text, session_id: session },
      ...(keyed ? { headers: { 'idempotency-key': `stall-${newSession()}` } } : {}),
      timeoutMs: 60_000,
    });
  };

  const answerCount = async (server: ServerProcess, questionId: number) => {
    const detail = await call(server.baseUrl, 'GET', `/api/questions/${questionId}/`);
    expect(detail.status).toBe(200);
    return (detail.body as { answer_count: number }).answer_count;
  };

  async function until200(server: ServerProcess, url: string) {
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await call(server.baseUrl, 'GET', url)).status;
      if (status === 200) break;
      await sleep(200);
    }
    return status;
  }

  it('answers the requests caught in the stall with 503 within the query timeout, then recovers', async () => {
    const server = await start();
    const questionId = await askQuestion(server);

    proxy.setStalled(true);
    const writes = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        timed(reply(server, questionId, `Sent into the silence ${i}`)),
      ),
    );
    const reads = await Promise.all(
      Array.from({ length: 6 }, () =>
        timed(call(server.baseUrl, 'GET', `/api/questions/${questionId}/`, { timeoutMs: 60_000 })),
      ),
    );
    for (const { ms } of [...writes, ...reads]) {
      expect(ms, `answered after ${ms} ms`).toBeLessThan(STALLED_REQUEST_BOUND_MS);
    }
    for (const { answer } of writes) expectWriteRefused(answer);
    for (const { answer } of reads) expectUnavailable(answer);
    expect(server.child.exitCode, server.output()).toBeNull();

    proxy.setStalled(false);
    expect(await until200(server, `/api/questions/${questionId}/`)).toBe(200);
    const after = await reply(server, questionId, 'After the stall');
    expect(after.status).toBe(201);
    // The writes refused as unavailable were not made; one told it may have been saved
    // may have been (its statement, held by the silent network, arrives after it).
    const detail = await call(server.baseUrl, 'GET', `/api/questions/${questionId}/`);
    const texts = (detail.body as { answers: { text: string }[] }).answers.map((a) => a.text);
    for (const [i, { answer }] of writes.entries()) {
      const refused = (answer.body as { detail: string }).detail === API_MSG.serviceUnavailable;
      if (refused) expect(texts).not.toContain(`Sent into the silence ${i}`);
    }
    expect(texts).toContain('After the stall');
    expect(server.output()).not.toContain('"level":50');
  }, 90_000);

  it('ends a request caught in the stall by its deadline (and a second), when that comes first', async () => {
    // A generous statement and query timeout: only the request deadline can end these soon.
    const deadlineMs = 2_000;
    const server = await start({
      DATABASE_STATEMENT_TIMEOUT_MS: '8000',
      REQUEST_DEADLINE_MS: String(deadlineMs),
    });
    const questionId = await askQuestion(server);

    proxy.setStalled(true);
    const caught = await Promise.all([
      timed(reply(server, questionId, 'Against the clock')),
      timed(call(server.baseUrl, 'GET', `/api/questions/${questionId}/`, { timeoutMs: 60_000 })),
    ]);
    for (const { answer, ms } of caught) {
      // Without the deadline's cut, each would wait the whole 9 s query timeout.
      expect(ms, `answered after ${ms} ms`).toBeLessThan(deadlineMs + 1_000 + 1_500);
      expectUnavailable(answer);
    }
  }, 90_000);

  it('says a write may have been saved when the reply to its COMMIT is lost (and it was)', async () => {
    const server = await start();
    const questionId = await askQuestion(server);
    const before = await answerCount(server, questionId);

    // PostgreSQL receives the COMMIT and commits; its reply never reaches the server.
    proxy.stallRepliesAfter('commit');
    const { answer, ms } = await timed(reply(server, questionId, 'Did this one make it?', true));
    expect(ms, `answered after ${ms} ms`).toBeLessThan(STALLED_REQUEST_BOUND_MS);
    expectUnavailable(answer, API_MSG.writeMayHaveBeenSaved);

    proxy.setStalled(false);
    expect(await answerCount(server, questionId)).toBe(before + 1);
    expect(server.output()).not.toContain('"level":50');
  }, 90_000);

  it('says so too of a write made by one statement, which commits as it ends', async () => {
    // A statement commits as it ends only where each connection is a session of its own;
    // by default (below) it is sent in a transaction of its own.
    const server = await start({ DATABASE_POOL_MODE: 'session' });
    const questionId = await askQuestion(server);
    const before = await answerCount(server, questionId);

    // A reply without a key is one statement (shared with the others arriving): PostgreSQL
    // receives it, with its text, and commits; its answer never reaches the server.
    proxy.stallRepliesAfter('Was this one written alone?');
    const { answer, ms } = await timed(reply(server, questionId, 'Was this one written alone?'));
    expect(ms, `answered after ${ms} ms`).toBeLessThan(STALLED_REQUEST_BOUND_MS);
    expectUnavailable(answer, API_MSG.writeMayHaveBeenSaved);

    proxy.setStalled(false);
    expect(await answerCount(server, questionId)).toBe(before + 1);
    expect(server.output()).not.toContain('"level":50');
  }, 90_000);

  it('knows that a write made by one statement was not saved when its reply is lost, by default', async () => {
    // Safe behind a transaction pooler, a statement outside a transaction is sent in one of
    // its own: without its COMMIT, nothing of it is saved, and the answer can say so.
    const server = await start();
    const questionId = await askQuestion(server);
    const before = await answerCount(server, questionId);

    proxy.stallRepliesAfter('Was this one kept?');
    const { answer, ms } = await timed(reply(server, questionId, 'Was this one kept?'));
    expect(ms, `answered after ${ms} ms`).toBeLessThan(STALLED_REQUEST_BOUND_MS);
    expectUnavailable(answer, API_MSG.serviceUnavailable);

    proxy.setStalled(false);
    expect(await answerCount(server, questionId)).toBe(before);
    expect(server.output()).not.toContain('"level":50');
  }, 90_000);

  it('exits 0 on SIGTERM during the stall, within the shutdown deadline', async () => {
    const server = await start();
    const questionId = await askQuestion(server);

    proxy.setStalled(true);
    const caught = [
      ...Array.from({ length: 3 }, (_, i) => reply(server, questionId, `Caught in it ${i}`)),
      ...Array.from({ length: 3 }, () =>
        call(server.baseUrl, 'GET', `/api/questions/${questionId}/`, { timeoutMs: 60_000 }),
      ),
    ];
    // Every one has arrived and is waiting on the database.
    const arrived = () => server.output().split('"msg":"incoming request"').length - 1;
    const seen = arrived();
    const waitUntil = Date.now() + 5_000;
    while (arrived() < seen + caught.length && Date.now() < waitUntil) await sleep(20);

    const started = Date.now();
    const exit = await server.stop('SIGTERM', 30_000);
    const ms = Date.now() - started;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(ms).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    expect(server.output()).not.toContain('shutdown did not complete');
    for (const result of await Promise.allSettled(caught)) {
      // Answered 503, or cut off with its connection: never left waiting.
      if (result.status === 'fulfilled') expectWriteRefused(result.value);
    }
  }, 90_000);
});
