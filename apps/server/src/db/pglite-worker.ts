/**
 * Runs the embedded PGlite database on its own thread and serves it over a Unix socket
 * in the PostgreSQL wire protocol. PGlite's queries never yield to the event loop, so
 * running them on the server's thread would stall every connection during a burst; here
 * they stall only this thread, and the server talks to both engines through `pg`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createDurablePGlite } from './durable-nodefs.ts';

export interface PgliteWorkerData {
  /** Directory of the database files; undefined keeps the database in memory. */
  dataDir: string | undefined;
  socketPath: string;
}

export type PgliteWorkerMessage =
  | { type: 'ready' }
  | { type: 'error'; message: string }
  | { type: 'closed' };

/** Room for the pool's connection and one being replaced, with margin. */
const MAX_SOCKET_CONNECTIONS = 4;

const port = parentPort;
if (!port) throw new Error('pglite-worker must run in a worker thread');
const { dataDir, socketPath } = workerData as PgliteWorkerData;
const send = (message: PgliteWorkerMessage) => port.postMessage(message);

try {
  // On disk, a commit is acknowledged only once its WAL is on the disk (durable-nodefs.ts).
  const db = dataDir === undefined ? await PGlite.create() : await createDurablePGlite(dataDir);
  // The server's pool uses one connection at a time, but when it replaces one (after an
  // error, or idle), the new connection arrives before the old one's close is processed:
  // with a limit of one, the socket server would refuse it ("Too many connections") and
  // the request would fail. The socket server queues every connection's queries through
  // the one PGlite session and keeps a transaction's queries together.
  const server = new PGLiteSocketServer({
    db,
    path: socketPath,
    maxConnections: MAX_SOCKET_CONNECTIONS,
  });
  await server.start();
  port.on('message', async (message: unknown) => {
    if (message !== 'close') return;
    await server.stop();
    await db.close();
    send({ type: 'closed' });
  });
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
