/**
 * Fault tests drive the real server process (the same entry as `npm start`) and, for
 * PostgreSQL outages, a private PostgreSQL instance of their own: the machine's shared
 * server on 5432 is never stopped, other suites use it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect as netConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../src/server.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A TCP port nothing listens on right now: bound once by the OS, then released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Sends a signal; resolves with the exit, or rejects after `timeoutMs`. */
  stop(signal: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  /** LOG_LEVEL; warn unless a test reads the request log. */
  logLevel?: string;
  /** More environment variables (SHUTDOWN_DEADLINE_MS...). */
  env?: Record<string, string>;
}

/**
 * Starts `node --import tsx src/server.ts` on a free port and waits until
 * GET /api/health/ answers. The server migrates its database on start-up.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web-app'),
    LOG_LEVEL: options.logLevel ?? 'warn',
    RATE_LIMITS: 'off',
    POW_DIFFICULTY: 'off',
    JWT_SECRET: 'fault-tests-secret-fault-tests-secret-0123',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    baseUrl,
    child,
    exited,
    output: () => output,
    async stop(signal, timeoutMs = 20_000) {
      if (!hasExited) child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`server did not exit ${timeoutMs} ms after ${signal}`)),
          timeoutMs,
        );
      });
      try {
        return await Promise.race([exited, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`server exited during start-up:\n${output}`);
    const res = await fetch(`${baseUrl}/api/health/`, { signal: AbortSignal.timeout(1_000) }).catch(
      () => null,
    );
    if (res?.ok) return server;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start within 60 s:\n${output}`);
}

export interface Answered {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A JSON call to the server; rejects only when no answer came (connection failed). */
export async function call(
  baseUrl: string,
  method: string,
  url: string,
  options: {
    body?: unknown;
    session?: string;
    token?: string;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<Answered> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...options.headers,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.session ? { 'x-session-id': options.session } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text for the failure message.
  }
  return { status: res.status, body, headers: res.headers };
}

export const newSession = () => randomBytes(18).toString('base64url');

/** PostgreSQL 15's programs, as Debian installs them. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * PostgreSQL refuses to run as root: as root, run its programs as the `postgres` user.
 */
export function asPostgres(program: string, args: string[]) {
  const binary = path.join(PG_BIN, program);
  return process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', binary, ...args])
    : run(binary, args);
}

/**
 * `pg_ctl start` of the cluster in `dataDir` on 127.0.0.1, its socket and log in `dir`, with
 * `extra` settings (`-c name=value`), waiting until it accepts connections.
 */
export function startCluster(dataDir: string, dir: string, port: number, extra = '') {
  return asPostgres('pg_ctl', [
    'start',
    '-w',
    '-t',
    '30',
    '-D',
    dataDir,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off ${extra}`.trim(),
    '-l',
    path.join(dir, 'log'),
  ]);
}

/** `pg_ctl stop`: `fast` lets it shut down cleanly, `immediate` does not wait for anything. */
export function stopCluster(dataDir: string, mode: 'fast' | 'immediate') {
  return asPostgres('pg_ctl', ['stop', '-w', '-m', mode, '-D', dataDir]);
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** Its directory (owned by `postgres` when run as root): the data directory is `data` in it. */
  dir: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are terminated (57P01), new connections refused. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** A PostgreSQL instance of our own: initdb into a temporary directory, on a free port. */
export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await tempDir('pg-private-');
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const port = await freePort();
  const instance: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async start() {
      await startCluster(dataDir, dir, port);
    },
    async stop() {
      await stopCluster(dataDir, 'fast');
    },
    async destroy() {
      await stopCluster(dataDir, 'immediate').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
  await instance.start();
  return instance;
}

/** A fresh database on the PostgreSQL server at `url`, and a way to drop it. */
export async function createScratchDatabase(url: string, prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A TCP proxy in front of a real PostgreSQL: what a network between the server and its
 * database can do to it, on demand. Bytes pass through unchanged, in order, each after
 * `latencyMs`; `cut()` drops every open connection at once, as a failing link or a
 * restarted load balancer would; while refusing, new connections are closed on arrival.
 * A stall is a network that goes silent without closing anything: bytes sent either way
 * are held (the proxy stops reading them), connections made meanwhile are accepted and
 * held too, and everything held flows again when the stall ends.
 */
export interface TcpProxy {
  port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  /** Delay of each chunk in each direction from now on (0: none). */
  setLatency(ms: number): void;
  /** Destroys every open connection, both sides. */
  cut(): void;
  /** While true, connections are closed as soon as they arrive. */
  setRefusing(refusing: boolean): void;
  /** While true, nothing passes either way, on every connection, old or new. */
  setStalled(stalled: boolean): void;
  /**
   * The next connection to send bytes containing `text` (toward PostgreSQL) gets no reply
   * from then on: what PostgreSQL answers on it is held until `setStalled(false)`. For
   * losing the reply to one statement, such as a COMMIT, after the statement arrived.
   */
  stallRepliesAfter(text: string): void;
  /** Connections open now. */
  openConnections(): number;
  close(): Promise<void>;
}

/** One direction of a proxied connection: chunks delivered in order, each after the latency. */
function delayedPipe(from: Socket, to: Socket, latency: () => number) {
  const queue: { at: number; chunk: Buffer }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const now = Date.now();
    while (queue.length > 0 && (queue[0] as { at: number }).at <= now) {
      const next = queue.shift() as { chunk: Buffer };
      if (!to.destroyed) to.write(next.chunk);
    }
    const head = queue[0];
    if (head) timer = setTimeout(flush, head.at - now);
  };
  from.on('data', (chunk: Buffer) => {
    const delay = latency();
    if (delay <= 0 && queue.length === 0) {
      to.write(chunk);
      return;
    }
    // Never overtake a chunk queued earlier with a longer delay.
    const at = Math.max(Date.now() + delay, queue.at(-1)?.at ?? 0);
    queue.push({ at, chunk });
    if (timer === undefined) timer = setTimeout(flush, at - Date.now());
  });
  from.on('end', () => {
    const finish = () => (queue.length === 0 ? to.end() : setTimeout(finish, 5));
    finish();
  });
  from.on('close', () => {
    if (timer !== undefined) clearTimeout(timer);
  });
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let latencyMs = 0;
  let refusing = false;
  let stalled = false;
  let replyStallTrigger: Buffer | null = null;
  /** Sockets the proxy stopped reading, to read again when the stall ends. */
  const held = new Set<Socket>();
  const hold = (socket: Socket) => {
    socket.pause();
    held.add(socket);
  };
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    client.on('error', () => {});
    if (refusing) {
      client.destroy();
      return;
    }
    client.pause();
    const upstream = netConnect(target.port, target.host);
    upstream.on('error', () => {});
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      held.delete(client);
      held.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
    upstream.on('connect', () => {
      delayedPipe(client, upstream, () => latencyMs);
      delayedPipe(upstream, client, () => latencyMs);
      client.on('data', (chunk: Buffer) => {
        if (replyStallTrigger !== null && chunk.includes(replyStallTrigger)) {
          replyStallTrigger = null;
          hold(upstream);
        }
      });
      if (stalled) {
        hold(client);
        hold(upstream);
      } else {
        client.resume();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const cut = () => {
    for (const [client, upstream] of [...pairs]) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port: address.port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(address.port);
      return url.toString();
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    cut,
    setRefusing(value) {
      refusing = value;
    },
    setStalled(value) {
      stalled = value;
      if (value) {
        for (const [client, upstream] of pairs) {
          hold(client);
          hold(upstream);
        }
        return;
      }
      for (const socket of held) socket.resume();
      held.clear();
    },
    stallRepliesAfter(text) {
      replyStallTrigger = Buffer.from(text);
    },
    openConnections: () => pairs.size,
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
