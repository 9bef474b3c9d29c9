/** PgBouncer in transaction mode in front of the primary, from deploy/pgbouncer.ini. */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AS_ROOT,
  accepts,
  findBinary,
  freePort,
  isRunning,
  spawnDetached,
  waitFor,
} from './processes.ts';
import type { TopologyState } from './state.ts';
import { renderTemplate } from './templates.ts';

async function pgbouncerBinary(): Promise<string> {
  const binary = await findBinary(['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']);
  if (binary === null) {
    throw new Error(
      'PgBouncer is not installed: apt-get install --no-install-recommends pgbouncer',
    );
  }
  return binary;
}

/** Writes the configuration (first start) and starts PgBouncer; fills `state.pgbouncer`. */
export async function startPgbouncer(state: TopologyState): Promise<void> {
  const binary = await pgbouncerBinary();
  if (state.pgbouncer === undefined) {
    const dir = path.join(state.dir, 'pgbouncer');
    const port = await freePort();
    const config = path.join(dir, 'pgbouncer.ini');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'users.txt'), '"postgres" ""\n');
    await writeFile(
      config,
      await renderTemplate('pgbouncer.ini', {
        DATABASE: state.database,
        PRIMARY_HOST: '127.0.0.1',
        PRIMARY_PORT: state.postgres.primaryPort,
        PGBOUNCER_HOST: '127.0.0.1',
        PGBOUNCER_PORT: port,
        PGBOUNCER_AUTH_TYPE: 'trust',
        PGBOUNCER_AUTH_FILE: path.join(dir, 'users.txt'),
        PGBOUNCER_PIDFILE: '',
      }),
    );
    // PgBouncer will not run as root: as root it switches to `postgres` (-u), who reads these.
    await chmod(dir, 0o755);
    state.pgbouncer = { port, pid: 0, config, log: path.join(dir, 'pgbouncer.log') };
  }
  const { port, config, log } = state.pgbouncer;
  const pid = spawnDetached(binary, [...(AS_ROOT ? ['-u', 'postgres'] : []), config], {
    logFile: log,
  });
  state.pgbouncer.pid = pid;
  await waitFor(
    'pgbouncer',
    () => accepts(port),
    10_000,
    () => isRunning(pid),
  );
}
