/**
 * `npm start` under a supervisor: SIGTERM or SIGINT to npm must stop the server, not
 * leave it orphaned and serving, and npm must end with the server's exit code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Exit, freePort, sleep, tempDir } from './support.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The parent pid of every process, from /proc. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces, so read after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.set(Number(entry), ppid);
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
  const byParent = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [child, parent] of byParent) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

const alive = (pid: number) => {
  try {
    // A zombie still has /proc/<pid> until reaped, but its state is Z.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

async function healthy(baseUrl: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/api/health/`, { signal: AbortSignal.timeout(1_000) }).catch(
    () => null,
  );
  return res?.ok === true;
}

describe('npm start under a supervisor', () => {
  let npm: ChildProcess | undefined;
  let tree: number[] = [];
  afterEach(() => {
    for (const pid of tree) if (alive(pid)) process.kill(pid, 'SIGKILL');
    tree = [];
    npm = undefined;
  });

  async function npmStart() {
    const dataDir = await tempDir('npm-start-');
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // A web app built elsewhere (here: none), so npm start does not build this one.
        WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'npm-start-tests-secret-npm-start-tests-0123',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    npm.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<Exit>((resolve) => {
      npm?.once('exit', (code, signal) => resolve({ code, signal }));
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while (!(await healthy(baseUrl))) {
      if (Date.now() > deadline || npm.exitCode !== null) {
        throw new Error(`npm start did not serve:\n${output}`);
      }
      await sleep(200);
    }
    tree = processTree(npm.pid as number);
    return { baseUrl, exited, output: () => output };
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm stops the server and leaves no process behind`, async () => {
      const started = await npmStart();
      expect(tree.length).toBeGreaterThan(1);
      npm?.kill(signal);
      const exit = await started.exited;
      // The server shut down gracefully and exited 0; npm ends with that code.
      expect(exit, started.output()).toEqual({ code: 0, signal: null });
      for (let i = 0; i < 50 && tree.some(alive); i += 1) await sleep(100);
      expect(tree.filter(alive), started.output()).toEqual([]);
      expect(await healthy(started.baseUrl)).toBe(false);
    }, 120_000);
  }
});
