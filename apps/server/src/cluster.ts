/**
 * One server process per core on one port: `node --import tsx src/cluster.ts` with
 * WEB_CONCURRENCY workers (default: every available core). Each worker is an ordinary
 * server.ts with its own pool; the server keeps no state in memory that matters across
 * requests, so they need nothing from each other. PostgreSQL only: the embedded PGlite
 * database belongs to one process, so without DATABASE_URL this runs a single server.
 *
 * A worker that dies is replaced. One that dies before it ever served (its database is
 * down at start-up, say) is replaced after a delay that doubles with each such death in a
 * row, up to 30 s, instead of in a tight crash loop; the first worker that serves resets it.
 */
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.ts';
import { backoffDelay } from './lib/backoff.ts';

const SERVER_ENTRY = new URL('./server.ts', import.meta.url).pathname;
/** Delays before replacing a worker that died before serving: 0.5 s, 1 s, 2 s... 30 s. */
const RESTART_BACKOFF = { firstMs: 500, maxMs: 30_000 } as const;

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
  /** Workers in a row that died before they served. */
  let failedStarts = 0;
  const served = new Set<number>();
  const replacements = new Set<NodeJS.Timeout>();
  const running = () => Object.keys(cluster.workers ?? {}).length;

  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('listening', (worker) => {
    if (served.has(worker.id)) return;
    served.add(worker.id);
    failedStarts = 0;
    console.log(`worker ${worker.process.pid} serving`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (running() === 0) process.exit(0);
      return;
    }
    const how = signal ?? code;
    let delay = 0;
    if (served.delete(worker.id)) {
      // A crashed worker is replaced at once; the others kept serving meanwhile.
      console.error(`worker ${worker.process.pid} exited (${how}); starting another`);
    } else {
      failedStarts += 1;
      delay = backoffDelay(failedStarts, RESTART_BACKOFF);
      console.error(
        `worker ${worker.process.pid} exited (${how}) before serving, ${failedStarts} in a row (is the database reachable?); starting another in ${delay} ms`,
      );
    }
    const timer = setTimeout(() => {
      replacements.delete(timer);
      if (!stopping) cluster.fork();
    }, delay);
    replacements.add(timer);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const timer of replacements) clearTimeout(timer);
    replacements.clear();
    if (running() === 0) process.exit(0);
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
