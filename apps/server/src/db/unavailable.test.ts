import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './connection.ts';
import { isConnectionLost, isDatabaseUnavailable, wasNotSent } from './unavailable.ts';

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** A TCP server that treats each connection with `onSocket`; its port; and a closer. */
async function fakeServer(onSocket: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: bound once, then released. */
async function closedPort() {
  const server = await fakeServer(() => {});
  await server.close();
  return server.port;
}

describe('isDatabaseUnavailable, on errors the driver really raises', () => {
  it('recognizes a refused connection', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort() });
    const error = await rejection(client.connect());
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognizes a Unix socket that is gone (the embedded database stopped)', async () => {
    const client = new pg.Client({ host: path.join(tmpdir(), 'no-such-pglite-dir'), port: 5432 });
    const error = await rejection(client.connect());
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognizes a server that drops the connection', async () => {
    const server = await fakeServer((socket) => socket.destroy());
    try {
      const client = new pg.Client({ host: '127.0.0.1', port: server.port });
      const error = await rejection(client.connect());
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('recognizes a pool that cannot get a connection in time', async () => {
    // Accepts the connection and never answers, like a host that hangs.
    const server = await fakeServer(() => {});
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: server.port,
      connectionTimeoutMillis: 200,
    });
    try {
      const error = await rejection(pool.query('SELECT 1'));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end();
      await server.close();
    }
  });

  it('recognizes an error wrapped as a cause or inside an AggregateError', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(new AggregateError([refused], 'every address failed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: refused }))).toBe(true);
  });

  it('recognizes the SQLSTATEs of an outage', () => {
    for (const code of [
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      '08P01',
      '53300',
      '57014',
      '3D000',
    ]) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
  });

  it('does not mistake other failures for an outage', () => {
    for (const code of ['23505', '42601', '22P02', '40001', 'ENOENT', 'EACCES', 'ERR_X']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
    for (const value of [null, undefined, 'ECONNREFUSED', 42, {}, new Error('boom')]) {
      expect(isDatabaseUnavailable(value)).toBe(false);
    }
    // A cycle of causes ends.
    const a: { cause?: unknown } = {};
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });

  describe('with the embedded database', () => {
    let database: Awaited<ReturnType<typeof openDatabase>>;
    beforeAll(async () => {
      database = await openDatabase({ engine: 'pglite', dataDir: undefined });
    });
    afterAll(() => database.close());

    it('leaves SQL errors alone', async () => {
      const syntax = await rejection(database.pool.query('SELEC 1'));
      expect(isDatabaseUnavailable(syntax)).toBe(false);
      const cast = await rejection(database.pool.query("SELECT 'x'::integer"));
      expect(isDatabaseUnavailable(cast)).toBe(false);
    });
  });
});

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!POSTGRES_URL)('isDatabaseUnavailable, on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('recognizes a session terminated by the administrator (57P01)', async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    client.on('error', () => {});
    await client.connect();
    const error = await rejection(client.query('SELECT pg_terminate_backend(pg_backend_pid())'));
    await client.end().catch(() => {});
    expect((error as { code?: string }).code).toBe('57P01');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognizes a statement cut off by statement_timeout', async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, statement_timeout: 50 });
    await client.connect();
    try {
      const error = await rejection(client.query('SELECT pg_sleep(2)'));
      expect((error as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(error)).toBe(true);
      const unique = await rejection(
        client.query('CREATE TEMP TABLE t (x int PRIMARY KEY); INSERT INTO t VALUES (1), (1)'),
      );
      expect(isDatabaseUnavailable(unique)).toBe(false);
    } finally {
      await client.end();
    }
  });

  it('recognizes a lock wait cut off by lock_timeout (55P03), on a connection that still works', async () => {
    const holder = new pg.Client({ connectionString: POSTGRES_URL });
    const waiter = new pg.Client({ connectionString: POSTGRES_URL, lock_timeout: 100 });
    await holder.connect();
    await waiter.connect();
    try {
      await holder.query('CREATE TABLE IF NOT EXISTS lock_probe (id int PRIMARY KEY)');
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE lock_probe IN ACCESS EXCLUSIVE MODE');
      const error = await rejection(waiter.query('SELECT * FROM lock_probe'));
      expect((error as { code?: string }).code).toBe('55P03');
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isConnectionLost(error)).toBe(false);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      await holder.query('DROP TABLE IF EXISTS lock_probe').catch(() => {});
      await holder.end();
      await waiter.end();
    }
  });

  it('recognizes a statement whose reply did not come in time (query_timeout) as a lost connection', async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    client.on('error', () => {});
    await client.connect();
    try {
      const config: pg.QueryConfig & { query_timeout: number } = {
        text: 'SELECT pg_sleep(2)',
        query_timeout: 50,
      };
      const error = await rejection(client.query(config));
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isConnectionLost(error)).toBe(true);
      // Sent: its outcome is unknown, unlike a statement on a client already closed.
      expect(wasNotSent(error)).toBe(false);
    } finally {
      const ended = new Promise((resolve) => client.once('end', resolve));
      client.connection.stream.destroy();
      await ended;
    }
    const closed = await rejection(client.query('SELECT 1'));
    expect(isConnectionLost(closed)).toBe(true);
    expect(wasNotSent(closed)).toBe(true);
  });
});
