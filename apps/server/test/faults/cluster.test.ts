/**
 * The cluster (src/cluster.ts) while its database is unreachable at start-up: workers die
 * before serving, and their replacements come after a growing delay instead of in a
 * crash loop; once the database is back, the workers serve, and a worker that dies while
 * serving is replaced at once. PostgreSQL only (the cluster needs DATABASE_URL), behind a
 * proxy that refuses connections until told otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  type Exit,
  freePort,
  sleep,
  startTcpProxy,
  type TcpProxy,
  tempDir,
} from './support.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const CLUSTER_ENTRY = path.resolve(import.meta.dirname, '../../src/cluster.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

async function healthy(baseUrl: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/api/health/ready/`, {
    signal: AbortSignal.timeout(1_000),
  }).catch(() => null);
  return res?.ok === true;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(!POSTGRES_URL)('the cluster while its database is down (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let primary: ChildProcess | undefined;

  beforeAll(async () => {
    database = await createScratchDatabase(POSTGRES_URL as string, 'cluster');
    const target = new URL(POSTGRES_URL as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  afterAll(async () => {
    if (primary?.pid !== undefined && primary.exitCode === null) {
      // The primary's workers are in its process group.
      process.kill(-primary.pid, 'SIGKILL');
    }
    await proxy?.close();
    await database?.drop();
  });

  it('backs off while workers cannot start, then serves, and replaces a crash at once', async () => {
    proxy.setRefusing(true);
    const port = await freePort();
    const dataDir = await tempDir('cluster-');
    primary = spawn(process.execPath, ['--import', 'tsx', CLUSTER_ENTRY], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
        DATABASE_URL: proxy.urlFor(database.url),
        WEB_CONCURRENCY: '2',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'cluster-tests-secret-cluster-tests-secret-0123',
      },
      // Its own process group, so the cleanup can end every worker with it.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    primary.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    primary.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<Exit>((resolve) => {
      primary?.once('exit', (code, signal) => resolve({ code, signal }));
    });
    const failedStarts = () =>
      [...output.matchAll(/before serving, (\d+) in a row .*; starting another in (\d+) ms/g)].map(
        (m) => [Number(m[1]), Number(m[2])],
      );

    // Workers die at start-up while the database refuses connections: each replacement
    // waits twice as long as the one before.
    await until('four failed starts', () => failedStarts().length >= 4);
    expect(failedStarts().slice(0, 4), output).toEqual([
      [1, 500],
      [2, 1_000],
      [3, 2_000],
      [4, 4_000],
    ]);
    expect(output).not.toMatch(/exited \(\d+\); starting another\n/);

    // The database is back: the next replacements start and serve.
    proxy.setRefusing(false);
    const baseUrl = `http://127.0.0.1:${port}`;
    const serving = async () => {
      const pids = await childPids(primary?.pid as number);
      return pids.filter((pid) => output.includes(`worker ${pid} serving\n`));
    };
    await until('both workers to serve', async () => (await serving()).length === 2);
    expect(await healthy(baseUrl)).toBe(true);

    // A worker that dies while serving is replaced at once, and the backoff starts over.
    const [victim] = await serving();
    process.kill(victim as number, 'SIGKILL');
    await until('the crash to be noticed', () =>
      output.includes(`worker ${victim} exited (SIGKILL); starting another\n`),
    );
    await until('the replacement to serve', async () => (await serving()).length === 2);
    expect(await healthy(baseUrl)).toBe(true);

    primary.kill('SIGTERM');
    expect(await exited, output).toEqual({ code: 0, signal: null });
  }, 180_000);
});

/** The primary's worker processes, from /proc. */
async function childPids(pid: number): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const out: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === pid && fields[0] !== 'Z') out.push(Number(entry));
  }
  return out;
}
