/**
 * Closing connections to the database in bounded time. node-postgres ends a connection
 * politely: it sends Terminate and waits for the server to close the socket. Over a network
 * that stalled (nothing is reset, nothing arrives) that wait never ends, and a shutdown
 * would hang on it until it was killed. So each goodbye gets a bound, after which the
 * sockets are destroyed: the server notices on its own and rolls back what was open.
 */
import type pg from 'pg';

/** How long a polite goodbye may take before the sockets are destroyed. */
export const CLOSE_GRACE_MS = 1_000;

/** True when `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([
      settled,
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ends `client`, or destroys its socket if that takes longer than `ms`. */
export async function endClientWithin(client: pg.Client, ms = CLOSE_GRACE_MS): Promise<void> {
  if (await settlesWithin(client.end(), ms)) return;
  client.connection.stream.destroy();
}

/** The clients a pool holds right now, idle or checked out. */
export function trackClients(pool: pg.Pool): Set<pg.Client> {
  const clients = new Set<pg.Client>();
  pool.on('connect', (client) => clients.add(client));
  pool.on('remove', (client) => clients.delete(client));
  return clients;
}

/**
 * Ends `pool`: its idle connections at once, the others as they are released. What is
 * still open after `ms` is destroyed (a statement still waiting on it fails, and its
 * request with it), and the pool gets as long again to finish.
 */
export async function endPoolWithin(
  pool: pg.Pool,
  clients: Set<pg.Client>,
  ms = CLOSE_GRACE_MS,
): Promise<void> {
  const ended = pool.end();
  if (await settlesWithin(ended, ms)) return;
  for (const client of clients) client.connection.stream.destroy();
  await settlesWithin(ended, ms);
}
