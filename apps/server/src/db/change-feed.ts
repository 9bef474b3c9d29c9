/**
 * The database's own announcements of committed changes: the NOTIFY payloads that the
 * triggers of migration 0013 send on this schema's channel (`live_events_channel()`).
 * PostgreSQL delivers a NOTIFY when its transaction commits, never for one that rolls back,
 * to every session listening, so every server instance on one database hears every change,
 * in commit order, and never one that did not happen.
 *
 * - PostgreSQL: one connection of its own per process, direct (DATABASE_LISTEN_URL: a
 *   pooler in transaction mode would hand the LISTEN a session that is not kept), kept listening, and reconnected
 *   (with backoff) when it drops; `onGap` then says that payloads may have been missed.
 * - PGlite: one session serves the whole process, and a notification comes back on the
 *   connection whose COMMIT sent it: the pool's connections listen (each new one anew) and
 *   hand what they hear over. Nothing else can write to that database, so nothing is missed.
 */
import pg from 'pg';
import { backoffDelay } from '../lib/backoff.ts';
import { endClientWithin } from './closing.ts';
import { withoutDeadline } from './deadline.ts';

export type ChangeHandler = (payload: string) => void;

export interface ChangeFeed {
  /**
   * Calls `onChange` with every payload committed after the returned promise resolves,
   * until the returned function is called; `onGap` when some may have been missed (the
   * listening connection was lost, or could not be made at first, and is back now);
   * `onLost`, before that, as soon as payloads may go unheard.
   */
  listen(
    onChange: ChangeHandler,
    onGap: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
}

/**
 * A connection's events run in the async context of whatever opened it: a request, when
 * one happened to open it (PGlite's pool connection is reopened by the next query after an
 * error or an idle spell). The work a change sets off (sending a push, reading a count) is
 * the process's own, and must not run under that request's deadline, long past by then.
 */
function outsideAnyRequest<A extends unknown[]>(callback: (...args: A) => void) {
  return (...args: A) => withoutDeadline(() => callback(...args));
}

const CHANNEL_QUERY = 'SELECT live_events_channel() AS channel';
const RECONNECT = { firstMs: 250, maxMs: 10_000 };

async function channelOf(client: pg.ClientBase | pg.Pool): Promise<string> {
  const { rows } = await client.query<{ channel: string }>(CHANNEL_QUERY);
  const channel = rows[0]?.channel;
  if (!channel) throw new Error('live_events_channel() gave no channel: are migrations applied?');
  return channel;
}

/** PostgreSQL: a dedicated listening connection, made with the pool's settings. */
export function postgresChangeFeed(config: pg.ClientConfig): ChangeFeed {
  return {
    async listen(heard, gap, lost) {
      const onChange = outsideAnyRequest(heard);
      const onGap = outsideAnyRequest(gap);
      const onLost = lost && outsideAnyRequest(lost);
      let stopped = false;
      let client: pg.Client | null = null;
      let failures = 0;
      let timer: NodeJS.Timeout | undefined;

      const connect = async (): Promise<void> => {
        const next = new pg.Client({ ...config, statement_timeout: undefined });
        next.on('error', () => {});
        next.on('notification', (message) => {
          if (message.channel === channel) onChange(message.payload ?? '');
        });
        let channel = '';
        await next.connect();
        channel = await channelOf(next);
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        next.on('end', () => {
          if (stopped) return;
          onLost?.();
          reconnectSoon();
        });
        client = next;
      };
      const reconnectSoon = () => {
        client = null;
        failures += 1;
        clearTimeout(timer);
        timer = setTimeout(
          () => {
            connect().then(
              () => {
                failures = 0;
                onGap();
              },
              () => {
                if (!stopped) reconnectSoon();
              },
            );
          },
          backoffDelay(failures, RECONNECT),
        );
        timer.unref();
      };

      // A database that is down at start-up does not stop the server (its readiness check
      // says so): the feed connects as soon as it can, and says it may have missed changes.
      await connect().catch(() => {
        onLost?.();
        failures = 0;
        reconnectSoon();
      });
      return async () => {
        stopped = true;
        clearTimeout(timer);
        // Bounded: over a stalled network, the goodbye would never be answered.
        const listening = client as pg.Client | null;
        if (listening) await endClientWithin(listening);
      };
    },
  };
}

/** PGlite: the pool's connections share the one session; each new one listens as it connects. */
export function sessionChangeFeed(pool: pg.Pool): ChangeFeed {
  const handlers = new Set<ChangeHandler>();
  let channel: string | null = null;
  const hear = (client: pg.PoolClient) => {
    client.on(
      'notification',
      outsideAnyRequest((message: pg.Notification) => {
        if (message.channel !== channel) return;
        for (const handler of handlers) handler(message.payload ?? '');
      }),
    );
  };
  pool.on('connect', (client) => {
    hear(client);
    // A connection made after `listen` listens too, should the session not keep it.
    if (channel !== null) client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
  });
  return {
    async listen(onChange) {
      channel ??= await channelOf(pool);
      await pool.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      handlers.add(onChange);
      return async () => {
        handlers.delete(onChange);
      };
    },
  };
}

/**
 * One feed for several listeners of a process (live events, pushes): the first to listen
 * starts it (on PostgreSQL, one listening connection), the last to stop ends it.
 */
export function sharedChangeFeed(feed: ChangeFeed): ChangeFeed {
  const listeners = new Set<{ onChange: ChangeHandler; onGap: () => void; onLost?: () => void }>();
  let started: Promise<() => Promise<void>> | null = null;
  return {
    async listen(onChange, onGap, onLost) {
      const listener = { onChange, onGap, onLost };
      listeners.add(listener);
      started ??= feed.listen(
        (payload) => {
          for (const each of listeners) each.onChange(payload);
        },
        () => {
          for (const each of listeners) each.onGap();
        },
        () => {
          for (const each of listeners) each.onLost?.();
        },
      );
      let stop: () => Promise<void>;
      try {
        stop = await started;
      } catch (error) {
        listeners.delete(listener);
        if (listeners.size === 0) started = null;
        throw error;
      }
      return async () => {
        if (!listeners.delete(listener) || listeners.size > 0) return;
        started = null;
        await stop();
      };
    },
  };
}
