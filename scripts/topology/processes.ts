/**
 * Starting, finding and stopping the topology's processes. Every process runs detached,
 * its output in a log file under the state directory, so that `npm run topology` can
 * return while they go on; their ids are kept in the state file for `stop`.
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer, connect as netConnect } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Root runs the database's tools as `postgres`: PostgreSQL and PgBouncer refuse root. */
export const AS_ROOT = process.getuid?.() === 0;

/** A TCP port nothing listens on right now: bound once by the OS, then released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits until `ready()` holds, or throws naming `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  ready: () => Promise<boolean>,
  timeoutMs: number,
  alive: () => boolean = () => true,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (!alive()) throw new Error(`${what} exited while starting (see its log)`);
    if (Date.now() > until) throw new Error(`${what} was not ready within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Runs a command to completion (as `postgres` when `asPostgres` and root), returning stdout. */
export async function runCommand(
  command: string,
  args: string[],
  options: { asPostgres?: boolean; cwd?: string } = {},
): Promise<string> {
  const [file, argv] =
    options.asPostgres && AS_ROOT
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
  try {
    const { stdout } = await run(file, argv, { cwd: options.cwd ?? '/' });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stderr || stdout || String(error)}`);
  }
}

/** Starts a long-running process detached, its output appended to `logFile`; returns its id. */
export function spawnDetached(
  command: string,
  args: string[],
  options: { logFile: string; env?: NodeJS.ProcessEnv; cwd?: string },
): number {
  const log = openSync(options.logFile, 'a');
  try {
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', log, log],
      env: options.env ?? process.env,
      cwd: options.cwd ?? process.cwd(),
    });
    child.unref();
    if (child.pid === undefined) throw new Error(`${command} did not start`);
    return child.pid;
  } finally {
    closeSync(log);
  }
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A child of this very process that exited stays a zombie until reaped: not running.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves once it is gone. */
export async function stopProcess(pid: number, graceMs = 5_000): Promise<void> {
  if (!isRunning(pid)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const until = Date.now() + graceMs;
  while (isRunning(pid) && Date.now() < until) await sleep(50);
  if (isRunning(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
    while (isRunning(pid)) await sleep(20);
  }
}

/** SIGKILL, as a crash would; resolves once it is gone. */
export async function killProcess(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  while (isRunning(pid)) await sleep(20);
}

/** The first of `candidates` that exists and runs, else null. */
export async function findBinary(candidates: string[]): Promise<string | null> {
  for (const candidate of candidates) {
    try {
      await run(candidate, ['--version']);
      return candidate;
    } catch (error) {
      // haproxy -v, not --version; any answer at all means it exists.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return candidate;
    }
  }
  return null;
}
