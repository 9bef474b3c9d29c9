/** A Redis of the topology's own on its own port: nothing kept on disk. */
import path from 'node:path';
import { accepts, freePort, isRunning, spawnDetached, waitFor } from './processes.ts';
import type { TopologyState } from './state.ts';

export async function startRedis(state: TopologyState): Promise<void> {
  const port = await freePort();
  const log = path.join(state.dir, 'redis.log');
  const pid = spawnDetached(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { logFile: log, cwd: state.dir },
  );
  state.redis = { port, pid, log };
  await waitFor(
    'redis-server',
    () => accepts(port),
    10_000,
    () => isRunning(pid),
  );
}
