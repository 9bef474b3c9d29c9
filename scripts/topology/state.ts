/**
 * Where a topology keeps everything: one directory holding the databases, the rendered
 * configuration, the logs and `state.json` (ports and process ids), so that `stop` finds
 * all of it and removing the directory leaves nothing behind.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const DEFAULT_DIR = path.join(REPO_ROOT, '.topology');
export const INSTANCES = 3;

export interface ServerInstance {
  name: string;
  port: number;
  pid: number;
  log: string;
}

export interface TopologyState {
  dir: string;
  startedAt: string;
  /** Started for tests: no proof-of-work, no rate limits, a known admin. */
  testMode: boolean;
  database: string;
  jwtSecret: string;
  postgres: { bin: string; primaryPort: number; replicaPort: number; socketDir: string };
  pgbouncer?: { port: number; pid: number; config: string; log: string };
  redis?: { port: number; pid: number; log: string };
  servers: ServerInstance[];
  haproxy?: { port: number; statsPort: number; pid: number; config: string; log: string };
  admin?: { username: string; password: string };
}

export const stateFile = (dir: string) => path.join(dir, 'state.json');

export async function readState(dir: string): Promise<TopologyState | null> {
  if (!existsSync(stateFile(dir))) return null;
  return JSON.parse(await readFile(stateFile(dir), 'utf8')) as TopologyState;
}

/** Written after every step, so that `stop` finds whatever a failed start left running. */
export async function saveState(state: TopologyState): Promise<void> {
  await writeFile(stateFile(state.dir), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

export const urls = (state: TopologyState) => ({
  balancer: `http://127.0.0.1:${state.haproxy?.port}`,
  primary: `postgres://postgres@127.0.0.1:${state.postgres.primaryPort}/${state.database}`,
  replica: `postgres://postgres@127.0.0.1:${state.postgres.replicaPort}/${state.database}`,
  pooled: `postgres://postgres@127.0.0.1:${state.pgbouncer?.port}/${state.database}`,
  redis: `redis://127.0.0.1:${state.redis?.port}`,
});
