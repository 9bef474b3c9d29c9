import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { API_MSG } from '@dating/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  DATABASE_TIMEOUT_DEFAULTS,
  type DatabaseHandle,
  openDatabase,
} from '../src/db/connection.ts';
import { describeEachEngine, newSession } from './harness.ts';

describeEachEngine('health checks', (ctx) => {
  it('GET /api/health/ answers 200 {"status": "ok"}, never cached', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/health/ready/ answers 200 when the database answers', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health/ready/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is documented in the OpenAPI description, readiness with its 503', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const { paths } = res.json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    expect(Object.keys(paths['/api/health/']?.get?.responses ?? {})).toContain('200');
    expect(Object.keys(paths['/api/health/ready/']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '503']),
    );
  });
});

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('when the database cannot be reached', () => {
  let app: App;
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({
      engine: 'postgres',
      url: `postgres://postgres@127.0.0.1:${await closedPort()}/nowhere`,
      poolSize: 2,
    });
    app = await buildApp({
      config: loadConfig({
        DATA_DIR: '/nonexistent',
        WEB_DIST_DIR: '/nonexistent',
        RATE_LIMITS: 'off',
        POW_DIFFICULTY: 'off',
      }),
      db: database.db,
      changes: database.changes,
      jwtSecret: randomBytes(32).toString('hex'),
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('stays live but not ready', async () => {
    const live = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(live.statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      code: 'databaseUnavailable',
      detail: API_MSG.databaseUnavailable,
    });
  });

  it('answers every database-backed call 503 with Retry-After, never 500', async () => {
    const session = newSession();
    const calls = [
      { method: 'GET', url: '/api/questions/' },
      { method: 'GET', url: '/api/questions/1/' },
      { method: 'GET', url: '/api/tags/' },
      {
        method: 'POST',
        url: '/api/questions/',
        payload: { text: '<p>Is anyone there?</p>', session_id: session },
      },
      { method: 'POST', url: '/api/questions/1/like/', payload: { session_id: session } },
      {
        method: 'POST',
        url: '/api/token/',
        payload: { username: 'someone', password: 'pw12345678' },
      },
    ] as const;
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: { 'x-session-id': session } });
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(503);
      expect(res.json()).toEqual({
        code: 'serviceUnavailable',
        detail: API_MSG.serviceUnavailable,
      });
      expect(res.headers['retry-after']).toBe('5');
    }
  });
});

describe('when the database host accepts connections and never answers', () => {
  let app: App;
  let database: DatabaseHandle;
  const sockets = new Set<Socket>();
  const blackHole = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const address = blackHole.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    database = await openDatabase({
      engine: 'postgres',
      url: `postgres://postgres@127.0.0.1:${address.port}/nowhere`,
      poolSize: 2,
    });
    app = await buildApp({
      config: loadConfig({
        DATA_DIR: '/nonexistent',
        WEB_DIST_DIR: '/nonexistent',
        RATE_LIMITS: 'off',
        POW_DIFFICULTY: 'off',
      }),
      db: database.db,
      changes: database.changes,
      jwtSecret: randomBytes(32).toString('hex'),
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await app.close();
    await database.close();
    await new Promise<void>((resolve) => blackHole.close(() => resolve()));
  });

  it('answers readiness 503 within about 2 s and API calls 503 within the connect timeout', async () => {
    let started = Date.now();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready/' });
    expect(ready.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3_000);

    started = Date.now();
    const list = await app.inject({ method: 'GET', url: '/api/questions/' });
    expect(list.statusCode).toBe(503);
    expect(list.json()).toEqual({ code: 'serviceUnavailable', detail: API_MSG.serviceUnavailable });
    expect(Date.now() - started).toBeLessThan(
      DATABASE_TIMEOUT_DEFAULTS.acquireTimeoutMs.postgres + 2_000,
    );
  });
});
