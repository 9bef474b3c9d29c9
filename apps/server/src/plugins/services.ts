/** Application services, decorated once so routes and hooks share them. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TokenDenylist } from '../auth/denylist.ts';
import { DeviceCookies } from '../auth/device-cookies.ts';
import { TokenService } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { Cursors } from '../lib/cursor.ts';
import { RedisLink } from '../lib/redis-link.ts';
import { ReporterFingerprints } from '../lib/reporter-fingerprints.ts';
import { FeedCache, readFeedVersion } from '../services/feed-cache.ts';
import { SafetyService } from '../services/safety.ts';
import { ThreadService } from '../services/threads.ts';

export interface Services {
  config: Config;
  db: Db;
  jwtSecret: string;
}

/** How often expired rows of the token denylist are dropped from the database. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export default fp(
  async (app: FastifyInstance, services: Services) => {
    const { config } = services;
    app.decorate('config', config);
    app.decorate('db', services.db);

    const redis =
      config.redisUrl === undefined
        ? null
        : new RedisLink({
            url: config.redisUrl,
            commandTimeoutMs: config.redisCommandTimeoutMs,
            log: app.log,
          });
    app.decorate('redis', redis);
    // Made before Redis first answers: every connection starts by copying the database's
    // revocations into Redis, in case some were recorded while no instance could reach it.
    const denylist = new TokenDenylist(services.db, redis, `${config.redisPrefix}deny:`);
    app.decorate('tokens', new TokenService(services.jwtSecret, denylist));
    app.decorate('devices', new DeviceCookies(services.jwtSecret));
    if (redis) {
      app.addHook('onClose', () => redis.close());
      await redis.firstAttempt(Math.max(1_000, config.redisCommandTimeoutMs));
    }
    const sweep = () =>
      denylist.sweep().catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not drop expired token revocations');
      });
    let sweeper: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      sweeper = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(sweeper));

    app.decorate('threads', new ThreadService());
    app.decorate('feedCache', new FeedCache(() => readFeedVersion(services.db)));
    app.decorate('fingerprints', new ReporterFingerprints(services.jwtSecret));
    app.decorate(
      'safety',
      new SafetyService(services.config.piiGuard, services.config.safetyResourcesFile),
    );
    app.decorate('cursors', new Cursors(services.jwtSecret));
  },
  { name: 'services' },
);
