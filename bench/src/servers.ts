/**
 * Starting and stopping the processes the benchmarks measure: the real server (as
 * `npm start` runs it, on a free port) and the raw `node:http` baseline.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_ENTRY } from '@dating/server/testing';
import { pinned } from './pinning.ts';

/** This checkout's root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  base: string;
}

/** A port that was free a moment ago: the OS picks it, then it is released. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** Waits until `url` answers 2xx; throws when `child` exits or the time is up. */
export async function waitForAnswer(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} in time`);
}

/** SIGTERM, then SIGKILL if the process is still there after 10 s; resolves once it exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface ServerOptions {
  /** Added to the environment, over the defaults below. */
  env?: Record<string, string>;
  /** The entry file: this checkout's server.ts unless told. */
  entry?: string;
  /** The server's working directory (its default WEB_DIST_DIR is relative to it). */
  cwd?: string;
  /** The cores it runs on (taskset's list), if pinned. */
  cores?: string;
}

/**
 * The server on a free port of 127.0.0.1, ready (its readiness check answered). Rate limits,
 * proof-of-work and most logging are off: a benchmark measures the server, not a client's
 * challenge, and its setup posts anonymously.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const [command, commandArgs] = pinned(
    process.execPath,
    ['--import', 'tsx', options.entry ?? SERVER_ENTRY],
    options.cores,
  );
  const child = spawn(command, commandArgs, {
    cwd: options.cwd ?? REPO_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMITS: 'off',
      POW_DIFFICULTY: 'off',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(`${base}/api/health/ready/`, child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { child, base };
}

/** The baseline: the least a Node.js HTTP server can do, a small JSON answer. */
export async function startRawNode(cores?: string): Promise<RunningServer> {
  const port = await freePort();
  const code = `require('node:http').createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"hello":"world"}');
  }).listen(${port}, '127.0.0.1');`;
  const [command, commandArgs] = pinned(process.execPath, ['-e', code], cores);
  const child = spawn(command, commandArgs, { stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${base}/`, child, 60_000);
  return { child, base };
}
