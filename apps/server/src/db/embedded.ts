import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker.ts';

/** The socket file name `pg` derives from a host directory and port 5432. */
const SOCKET_PORT = 5432;

export interface EmbeddedPostgres {
  /** Directory holding the Unix socket: pass it to `pg` as `host`. */
  socketDir: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The worker is TypeScript like the rest of the server. Node 20 does not apply `--import`
 * hooks to a worker's entry module, so the worker first registers tsx, then loads it.
 */
function workerBootstrap(): string {
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
}

/**
 * Starts PGlite in a worker thread, listening on a Unix socket in a fresh directory that
 * only this user can open (mkdtemp makes it 0700), so no other local user can connect.
 */
export async function startEmbeddedPostgres(
  dataDir: string | undefined,
): Promise<EmbeddedPostgres> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const socketDir = await mkdtemp(path.join(tmpdir(), 'pglite-'));
  const workerData: PgliteWorkerData = {
    dataDir,
    socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
  };
  const worker = new Worker(workerBootstrap(), { eval: true, workerData });

  const next = () =>
    new Promise<PgliteWorkerMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });

  const first = await next();
  if (first.type !== 'ready') {
    await worker.terminate();
    await rm(socketDir, { recursive: true, force: true });
    throw new Error(
      `Embedded database failed to start: ${first.type === 'error' ? first.message : first.type}`,
    );
  }

  return {
    socketDir,
    port: SOCKET_PORT,
    async stop() {
      const closed = next();
      worker.postMessage('close');
      await closed;
      await worker.terminate();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
