/** The process entry: read config, open the database, listen, shut down gracefully. */
import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app.ts';
import { openConfiguredDatabase, prepareDatabase } from './bootstrap.ts';
import { ConfigError, loadConfig, resolveJwtSecret, resolveVapidKeys } from './config.ts';

/**
 * After the shutdown deadline (SHUTDOWN_DEADLINE_MS), the work of the requests cut off
 * stops at its next database step, a statement still running ends within the statement
 * timeout, or the query timeout when the network stalled, and closing the database takes
 * a second or two at most (db/closing.ts): this much more, and the process exits anyway.
 */
const FORCED_EXIT_GRACE_MS = 5_000;
/** A signal this soon after the first is the same request to stop, delivered twice. */
const SECOND_SIGNAL_AFTER_MS = 1_000;

/**
 * Under load, V8 sees most objects of a request outlive a young-generation collection
 * (dozens of requests are in flight at once) and starts allocating them straight in the
 * old generation, which then fills with garbage and needs a full collection about every
 * second, each a pause of 10-30 ms for every request in flight. Without pretenuring they
 * die young, as they should. Measured on the feed at 50 connections: p99 58 -> 18 ms,
 * 3,300 -> 4,100 requests a second (bench/RESULTS.md). Set before the app allocates.
 */
setFlagsFromString('--no-allocation-site-pretenuring');

async function main() {
  const config = loadConfig(process.env);
  const database = await openConfiguredDatabase(config);
  const { applied } = await prepareDatabase(database, config);
  const app = await buildApp({
    config,
    db: database.db,
    changes: database.changes,
    reads: database.reads,
    jwtSecret: await resolveJwtSecret(config),
    vapid: await resolveVapidKeys(config),
  });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  // Replicas by their place in DATABASE_READ_URL: a URL may hold a password.
  database.reads?.watchHealth((replica, healthy, error) => {
    if (healthy) app.log.info({ replica }, 'replica serving reads');
    else
      app.log.warn({ replica, err: error }, 'replica not used for reads: the primary serves them');
  });

  let closingSince: number | undefined;
  /**
   * Stop accepting, let the requests in flight finish (up to the deadline), and only then
   * close the database, so no request in flight finds it gone. At the deadline, the
   * requests still running are logged and cut off: their connections close, and their
   * database work stops at its next step, so nothing of theirs commits afterwards.
   */
  const shutdown = async (signal: string) => {
    if (closingSince !== undefined) {
      // Ctrl-C under a supervisor (npm run dev) delivers SIGINT and the supervisor's
      // SIGTERM together: only a signal sent later says "do not wait".
      if (Date.now() - closingSince < SECOND_SIGNAL_AFTER_MS) return;
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closingSince = Date.now();
    app.log.info({ signal, inFlight: app.requestsInFlight.size }, 'shutting down');
    setTimeout(
      () => {
        app.log.error('shutdown did not complete: exiting');
        process.exit(1);
      },
      config.shutdownDeadlineMs +
        Math.max(config.databaseStatementTimeoutMs, config.databaseQueryTimeoutMs) +
        FORCED_EXIT_GRACE_MS,
    ).unref();
    // close() stops accepting connections and resolves once every request in flight
    // has had its response.
    const closed = app.close();
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      closed.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), config.shutdownDeadlineMs);
      }),
    ]);
    clearTimeout(timer);
    if (!drained) {
      const cutOff = app.requestsInFlight.describe();
      app.log.warn(
        { requests: cutOff },
        `shutdown deadline reached: cutting off ${cutOff.length} request(s) in flight`,
      );
      app.requestsInFlight.expireAll();
      app.server.closeAllConnections();
      await closed;
    }
    // Refuses new work, and waits for the work still holding a connection.
    await database.close();
    app.log.info({ drained }, 'shut down');
    process.exit(0);
  };
  // A keep-alive connection busy when close() begins would stay open once its response
  // is sent, and hold close() until the client drops it (Fastify keeps idle connections
  // 72 s): while shutting down, every response closes its connection.
  app.addHook('onSend', async (_request, reply) => {
    if (closingSince !== undefined) reply.header('Connection', 'close');
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { engine: database.engine, dataDir: database.engine === 'pglite' ? config.dataDir : undefined },
    `serving on http://${config.host}:${config.port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Failed to start:', error);
  process.exit(1);
});
