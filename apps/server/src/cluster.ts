/**
 * One server process per core on one port: `node --import tsx src/cluster.ts` with
 * WEB_CONCURRENCY workers (default: every available core). Each worker is an ordinary
 * server.ts with its own pool; the server keeps no state in memory that matters across
 * requests, so they need nothing from each other. PostgreSQL only: the embedded PGlite
 * database belongs to one process, so without DATABASE_URL this runs a single server.
 */
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.ts';

const SERVER_ENTRY = new URL('./server.ts', import.meta.url).pathname;

async function main() {
  const config = loadConfig(process.env);
  const workers = config.webConcurrency;
  if (config.databaseUrl === undefined || workers === 1) {
    if (config.databaseUrl === undefined && workers > 1) {
      console.warn('WEB_CONCURRENCY needs DATABASE_URL (PGlite is single-process): one server.');
    }
    await import(SERVER_ENTRY);
    return;
  }

  cluster.setupPrimary({ exec: SERVER_ENTRY });
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A crashed worker is replaced; the others kept serving meanwhile.
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Each worker closes gracefully on SIGTERM (server.ts) and the primary exits after the last.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Failed to start:', error);
  process.exit(1);
});
