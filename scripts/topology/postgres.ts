/**
 * A PostgreSQL primary and a streaming replica of it, each its own cluster on its own port,
 * made with Debian's binaries: initdb for the primary, pg_basebackup -R for the replica
 * (which then follows the primary's write-ahead log). Run as `postgres` when started by root.
 */
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chown, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AS_ROOT, accepts, freePort, runCommand, waitFor } from './processes.ts';
import type { TopologyState } from './state.ts';

/** The newest installed PostgreSQL's bin directory (/usr/lib/postgresql/N/bin). */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => /^\d+$/.test(entry) && existsSync(path.join(root, entry, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) {
    throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  }
  return path.join(root, versions[0], 'bin');
}

const dataDir = (state: TopologyState, which: 'primary' | 'replica') =>
  path.join(state.postgres.socketDir, which);

/** Settings both clusters start from (the replica copies the primary's file). */
function settings(socketDir: string, port: number): string {
  return [
    '',
    '# The topology (scripts/topology/postgres.ts)',
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${socketDir}'`,
    'max_connections = 200',
    'shared_buffers = 64MB',
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    // A replica's queries are not cancelled for the primary's cleanup.
    'hot_standby_feedback = on',
    "log_destination = 'stderr'",
    '',
  ].join('\n');
}

async function pgCtl(state: TopologyState, which: 'primary' | 'replica', action: string[]) {
  const dir = dataDir(state, which);
  await runCommand(
    path.join(state.postgres.bin, 'pg_ctl'),
    ['-D', dir, '-l', path.join(state.postgres.socketDir, `${which}.log`), ...action],
    { asPostgres: true },
  );
}

/** Makes and starts both clusters and the application's database; fills `state.postgres`. */
export async function startPostgres(state: TopologyState): Promise<void> {
  const bin = postgresBin();
  const socketDir = path.join(state.dir, 'postgres');
  await mkdir(socketDir, { recursive: true, mode: 0o700 });
  if (AS_ROOT) await chownToPostgres(socketDir);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  state.postgres = { bin, primaryPort, replicaPort, socketDir };

  const primary = dataDir(state, 'primary');
  await runCommand(
    path.join(bin, 'initdb'),
    ['-D', primary, '--auth=trust', '--username=postgres', '--no-sync', '--encoding=UTF8'],
    { asPostgres: true },
  );
  await appendFile(path.join(primary, 'postgresql.conf'), settings(socketDir, primaryPort));
  await pgCtl(state, 'primary', ['-w', 'start']);
  await runCommand(
    path.join(bin, 'createdb'),
    ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', state.database],
    { asPostgres: true },
  );

  const replica = dataDir(state, 'replica');
  await runCommand(
    path.join(bin, 'pg_basebackup'),
    [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-D', replica, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ],
    { asPostgres: true },
  );
  // Read after postgresql.conf (copied from the primary): the replica's own port.
  await appendFile(path.join(replica, 'postgresql.auto.conf'), `port = ${replicaPort}\n`);
  await pgCtl(state, 'replica', ['-w', 'start']);
  await waitFor('the replica', () => accepts(replicaPort), 10_000);
}

/** Stops whichever of the clusters runs (fast: connections are cut, nothing is lost). */
export async function stopPostgres(state: TopologyState): Promise<void> {
  for (const which of ['replica', 'primary'] as const) {
    if (!existsSync(path.join(dataDir(state, which), 'postmaster.pid'))) continue;
    await pgCtl(state, which, ['-w', '-m', 'fast', 'stop']).catch(() =>
      pgCtl(state, which, ['-w', '-m', 'immediate', 'stop']).catch(() => {}),
    );
  }
}

async function chownToPostgres(dir: string): Promise<void> {
  const ids = await runCommand('id', ['-u', 'postgres']);
  const gid = await runCommand('id', ['-g', 'postgres']);
  await chown(dir, Number(ids.trim()), Number(gid.trim()));
}
