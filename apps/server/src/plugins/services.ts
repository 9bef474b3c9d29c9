/** Application services, decorated once so routes and hooks share them. */
import { LIMITS, RETENTION } from '@dating/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TokenDenylist } from '../auth/denylist.ts';
import { DeviceCookies } from '../auth/device-cookies.ts';
import { deleteExpiredRefreshTokens, TokenService } from '../auth/tokens.ts';
import { type Config, generateVapidKeys, type VapidKeys } from '../config.ts';
import { type ChangeFeed, sharedChangeFeed } from '../db/change-feed.ts';
import type { Db } from '../db/connection.ts';
import { ActivityMacs } from '../lib/activity-macs.ts';
import { Cursors } from '../lib/cursor.ts';
import { DeletedNames } from '../lib/deleted-names.ts';
import { type HostResolver, systemResolver } from '../lib/public-addresses.ts';
import { RedisLink } from '../lib/redis-link.ts';
import { ReporterAccuracy } from '../lib/reporter-accuracy.ts';
import { ReporterFingerprints } from '../lib/reporter-fingerprints.ts';
import { ReporterNetworks } from '../lib/reporter-networks.ts';
import { purgeDeletedNames } from '../repositories/deleted-names.ts';
import { purgeReadNotifications } from '../repositories/notifications.ts';
import { purgeEndedSilences } from '../repositories/silences.ts';
import { FeedCache, readFeedVersion } from '../services/feed-cache.ts';
import { LikeBatches } from '../services/likes.ts';
import { LiveEvents } from '../services/live-events.ts';
import { QuestionBatches, ReplyBatches } from '../services/posts.ts';
import { PushSender } from '../services/push.ts';
import { ReportPages, readModerationVersion } from '../services/report-pages.ts';
import { SafetyService } from '../services/safety.ts';
import { ThreadService } from '../services/threads.ts';
import { UnreadCounts } from '../services/unread-counts.ts';
import { WatchedWords } from '../services/watched-words.ts';

export interface Services {
  config: Config;
  db: Db;
  /** The database's announcements of committed changes, for live events. */
  changes: ChangeFeed;
  jwtSecret: string;
  /** The Web Push key pair (config.ts, resolveVapidKeys); tests that send none get a fresh one. */
  vapid?: VapidKeys;
  /** Resolves push endpoints' hosts (lib/public-addresses.ts); tests answer for their own names. */
  resolveHost?: HostResolver;
}

/** How often expired rows of the token denylist are dropped from the database. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/**
 * Read notifications, deleted accounts' names and ended silences are purged hourly, each
 * after its lifetime (RETENTION, LIMITS.deletedNameDays).
 */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

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
      Promise.all([
        denylist.sweep().catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not drop expired token revocations');
        }),
        // A sign-in that can no longer be renewed is forgotten: nobody keeps a login history.
        deleteExpiredRefreshTokens(services.db).catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not drop expired sign-ins');
        }),
      ]);
    const purge = () =>
      Promise.all([
        purgeReadNotifications(services.db, RETENTION.readNotificationsDays).catch(
          (error: unknown) => {
            app.log.warn({ err: error }, 'could not purge old read notifications');
          },
        ),
        purgeDeletedNames(services.db, LIMITS.deletedNameDays).catch((error: unknown) => {
          app.log.warn({ err: error }, "could not purge deleted accounts' names");
        }),
        purgeEndedSilences(services.db, RETENTION.endedSilenceDays).catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not purge ended silences');
        }),
      ]);
    let sweeper: NodeJS.Timeout | undefined;
    let purger: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await Promise.all([sweep(), purge()]);
      sweeper = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
      purger = setInterval(purge, PURGE_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(sweeper);
      clearInterval(purger);
    });

    // One listening connection serves the kept unread counts, the live events and the
    // pushes alike.
    const changes = sharedChangeFeed(services.changes);
    const unreadCounts = new UnreadCounts(services.db);
    app.decorate('unreadCounts', unreadCounts);
    app.addHook('onReady', () => unreadCounts.start(changes));
    app.addHook('preClose', () => unreadCounts.stop());

    const rules = config.rateLimits;
    const liveEvents = new LiveEvents(
      services.db,
      unreadCounts,
      {
        perIp: rules?.['events-ip'].max ?? Number.POSITIVE_INFINITY,
        perIdentity: rules?.['events-identity'].max ?? Number.POSITIVE_INFINITY,
      },
      app.log,
    );
    app.decorate('liveEvents', liveEvents);
    app.addHook('onReady', () => liveEvents.start(changes));
    // Streams end before the server waits for the requests in flight, and so before the
    // database closes.
    app.addHook('preClose', () => liveEvents.stop());

    const push = new PushSender(
      services.db,
      {
        vapid: services.vapid ?? generateVapidKeys(),
        subject: config.vapidSubject,
        allowInsecure: config.pushAllowInsecure,
        resolveHost: services.resolveHost ?? systemResolver,
      },
      app.log,
    );
    app.decorate('push', push);
    app.addHook('onReady', () => push.start(changes));
    // Pushes in flight finish (each bounded) before the database closes.
    app.addHook('onClose', () => push.stop());

    const cursors = new Cursors(services.jwtSecret);
    app.decorate('cursors', cursors);
    app.decorate('threads', new ThreadService(cursors));
    app.decorate('feedCache', new FeedCache(readFeedVersion));
    app.decorate('likeBatches', new LikeBatches(services.db));
    app.decorate('questionBatches', new QuestionBatches(services.db));
    app.decorate('replyBatches', new ReplyBatches(services.db));
    app.decorate('reportPages', new ReportPages(() => readModerationVersion(services.db)));
    app.decorate('fingerprints', new ReporterFingerprints(services.jwtSecret));
    app.decorate('activityMacs', new ActivityMacs(services.jwtSecret));
    app.decorate('deletedNames', new DeletedNames(services.jwtSecret));
    app.decorate('reporterNetworks', new ReporterNetworks(services.jwtSecret));
    app.decorate('reporterAccuracy', new ReporterAccuracy(services.jwtSecret));
    const watchedWords = new WatchedWords(services.db);
    app.decorate('watchedWords', watchedWords);
    app.addHook('onReady', () => watchedWords.start(changes));
    app.addHook('preClose', () => watchedWords.stop());
    app.decorate(
      'safety',
      new SafetyService(services.config.piiGuard, services.config.safetyResourcesFile),
    );
  },
  { name: 'services' },
);
