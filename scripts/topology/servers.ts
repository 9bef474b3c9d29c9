/**
 * The server's instances: `node --import tsx apps/server/src/server.ts`, as the systemd unit
 * in deploy/ runs them, each on its own port, all sharing the database, Redis and secret.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, isRunning, spawnDetached, waitFor } from './processes.ts';
import { REPO_ROOT, type ServerInstance, type TopologyState, urls } from './state.ts';

/** The environment of every instance (deploy/dating-server.env holds the same names). */
function environment(state: TopologyState, index: number, port: number): NodeJS.ProcessEnv {
  const { pooled, primary, replica, redis } = urls(state);
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: pooled,
    DATABASE_LISTEN_URL: primary,
    DATABASE_READ_URL: replica,
    REDIS_URL: redis,
    JWT_SECRET: state.jwtSecret,
    WEB_DIST_DIR: path.join(REPO_ROOT, 'apps/web/dist'),
    DATA_DIR: path.join(state.dir, 'data'),
    // HAProxy, on this machine, says who the client is (X-Forwarded-For).
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'info',
    // One instance makes the admin: several at once would race to insert the same account.
    ...(state.admin && index === 0
      ? { ADMIN_USERNAME: state.admin.username, ADMIN_PASSWORD: state.admin.password }
      : {}),
    ...(state.testMode ? { POW_DIFFICULTY: 'off', RATE_LIMITS: 'off' } : {}),
  };
}

async function ready(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health/ready/`, {
      signal: AbortSignal.timeout(2_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts instance `index` (again, on the same port, after a crash) and waits until ready. */
export async function startInstance(state: TopologyState, index: number): Promise<ServerInstance> {
  const name = `app${index + 1}`;
  const existing = state.servers[index];
  const port = existing?.port ?? (await freePort());
  const log = path.join(state.dir, `${name}.log`);
  const pid = spawnDetached(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/server.ts')],
    { logFile: log, env: environment(state, index, port), cwd: REPO_ROOT },
  );
  const instance = { name, port, pid, log };
  state.servers[index] = instance;
  try {
    await waitFor(
      name,
      () => ready(port),
      45_000,
      () => isRunning(pid),
    );
  } catch (error) {
    // The directory and its logs go when a start fails: say what the instance said.
    const said = await readFile(log, 'utf8').catch(() => '');
    const tail = said.trimEnd().split('\n').slice(-15).join('\n');
    throw new Error(`${(error as Error).message}\n${tail}`);
  }
  return instance;
}

/** All together: one migrates the database while the others wait on its migration lock. */
export async function startServers(state: TopologyState, count: number): Promise<void> {
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  state.servers = ports.map((port, i) => ({ name: `app${i + 1}`, port, pid: 0, log: '' }));
  await Promise.all(ports.map((_, i) => startInstance(state, i)));
}
