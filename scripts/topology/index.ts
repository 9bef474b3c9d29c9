/**
 * The whole topology on one machine: a PostgreSQL primary and its streaming replica,
 * PgBouncer (transaction mode) in front of the primary, Redis, three instances of the
 * server and HAProxy in front of them. Started in that order, stopped in the reverse.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { serverStatuses, startHaproxy } from './haproxy.ts';
import { startPgbouncer } from './pgbouncer.ts';
import { startPostgres, stopPostgres } from './postgres.ts';
import { isRunning, stopProcess } from './processes.ts';
import { startRedis } from './redis.ts';
import { startServers } from './servers.ts';
import { INSTANCES, readState, saveState, type TopologyState, urls } from './state.ts';

export interface StartOptions {
  dir: string;
  /** No proof-of-work, no rate limits, and an admin (for the topology's tests). */
  testMode?: boolean;
  /** The balancer's port; 0 for any free one. */
  port?: number;
  log?: (line: string) => void;
}

/** The admin the test mode makes (tests sign in as it to review reports). */
export const TEST_ADMIN = { username: 'topology-admin', password: 'topology-admin-pass-123' };

/** Stops a topology already running in `dir`, then starts a new one there. */
export async function startTopology(options: StartOptions): Promise<TopologyState> {
  const log = options.log ?? (() => {});
  await stopTopology(options.dir);
  await mkdir(options.dir, { recursive: true, mode: 0o755 });
  const state: TopologyState = {
    dir: options.dir,
    startedAt: new Date().toISOString(),
    testMode: options.testMode ?? false,
    database: 'dating',
    jwtSecret: randomBytes(48).toString('base64url'),
    postgres: { bin: '', primaryPort: 0, replicaPort: 0, socketDir: '' },
    servers: [],
    ...(options.testMode ? { admin: TEST_ADMIN } : {}),
  };
  const step = async (what: string, run: () => Promise<void>) => {
    const started = Date.now();
    try {
      await run();
    } finally {
      await saveState(state);
    }
    log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  try {
    await step('PostgreSQL primary and streaming replica', () => startPostgres(state));
    await Promise.all([
      step('PgBouncer, transaction mode', () => startPgbouncer(state)),
      step('Redis', () => startRedis(state)),
    ]);
    await step(`${INSTANCES} server instances`, () => startServers(state, INSTANCES));
    await step('HAProxy', () => startHaproxy(state, options.port));
  } catch (error) {
    await stopTopology(options.dir);
    throw error;
  }
  return state;
}

/** Stops everything a topology in `dir` runs and removes the directory. */
export async function stopTopology(dir: string): Promise<boolean> {
  const state = await readState(dir);
  if (state !== null) {
    const pids = [state.haproxy?.pid, ...state.servers.map((s) => s.pid)];
    await Promise.all(pids.map((pid) => (pid ? stopProcess(pid) : undefined)));
    const services = [state.pgbouncer?.pid, state.redis?.pid];
    await Promise.all(services.map((pid) => (pid ? stopProcess(pid) : undefined)));
    if (state.postgres.socketDir !== '') await stopPostgres(state);
  }
  if (!existsSync(dir)) return state !== null;
  await rm(dir, { recursive: true, force: true });
  return true;
}

/** What runs, as lines for the terminal. */
export async function describeTopology(dir: string): Promise<string[]> {
  const state = await readState(dir);
  if (state === null) return [`No topology in ${dir}.`];
  const up = (pid: number | undefined) => (pid && isRunning(pid) ? 'running' : 'stopped');
  const address = urls(state);
  const statuses = await serverStatuses(state).catch(() => ({}) as Record<string, string>);
  return [
    `Topology in ${dir}, started ${state.startedAt}${state.testMode ? ' (test mode)' : ''}`,
    `  open:       ${address.balancer}/  (HAProxy ${up(state.haproxy?.pid)}; stats http://127.0.0.1:${state.haproxy?.statsPort}/)`,
    ...state.servers.map(
      (s) =>
        `  ${s.name}:       http://127.0.0.1:${s.port}/  (${up(s.pid)}, balancer: ${statuses[s.name] ?? 'unknown'}; log ${s.log})`,
    ),
    `  pgbouncer:  ${address.pooled}  (${up(state.pgbouncer?.pid)})`,
    `  primary:    ${address.primary}`,
    `  replica:    ${address.replica}`,
    `  redis:      ${address.redis}  (${up(state.redis?.pid)})`,
  ];
}
