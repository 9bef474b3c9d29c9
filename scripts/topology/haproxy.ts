/** HAProxy in front of the instances, from deploy/haproxy.cfg, with its admin socket. */
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { accepts, findBinary, freePort, isRunning, spawnDetached, waitFor } from './processes.ts';
import type { TopologyState } from './state.ts';
import { renderTemplate } from './templates.ts';

/** The port the balancer takes when it is free, so that its address stays the same. */
const PREFERRED_PORT = 8400;

export const haproxySocket = (state: TopologyState) => path.join(state.dir, 'haproxy.sock');

export async function startHaproxy(state: TopologyState, preferredPort?: number): Promise<void> {
  const binary = await findBinary(['/usr/sbin/haproxy', '/usr/bin/haproxy']);
  if (binary === null) {
    throw new Error('HAProxy is not installed: apt-get install --no-install-recommends haproxy');
  }
  const wanted = preferredPort ?? PREFERRED_PORT;
  const port = wanted !== 0 && !(await accepts(wanted)) ? wanted : await freePort();
  const statsPort = await freePort();
  const config = path.join(state.dir, 'haproxy.cfg');
  const servers = Object.fromEntries(
    state.servers.map((server, i) => [`APP${i + 1}_ADDRESS`, `127.0.0.1:${server.port}`]),
  );
  await writeFile(
    config,
    await renderTemplate('haproxy.cfg', {
      HAPROXY_SOCKET: haproxySocket(state),
      HAPROXY_BIND: `127.0.0.1:${port}`,
      HAPROXY_STATS_BIND: `127.0.0.1:${statsPort}`,
      ...servers,
    }),
  );
  const log = path.join(state.dir, 'haproxy.log');
  // -db: in the foreground (detached from this process all the same).
  const pid = spawnDetached(binary, ['-db', '-f', config], { logFile: log });
  state.haproxy = { port, statsPort, pid, config, log };
  await waitFor(
    'haproxy',
    () => accepts(port),
    10_000,
    () => isRunning(pid),
  );
}

/** One command on HAProxy's admin socket (`show stat`...), its answer as text. */
export function haproxyCommand(state: TopologyState, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(haproxySocket(state));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.once('error', reject);
    socket.once('end', () => resolve(answer));
    socket.write(`${command}\n`);
  });
}

/** Each instance's state as HAProxy's health checks see it: name -> UP, DOWN... */
export async function serverStatuses(state: TopologyState): Promise<Record<string, string>> {
  const csv = await haproxyCommand(state, 'show stat');
  const [header = '', ...rows] = csv.split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const [proxy, name, status] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
  const statuses: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[proxy as number] === 'servers' && /^app\d+$/.test(cells[name as number] ?? '')) {
      statuses[cells[name as number] as string] = cells[status as number] ?? '';
    }
  }
  return statuses;
}
