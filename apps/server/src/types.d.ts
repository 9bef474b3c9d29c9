import type { DeviceCookies } from './auth/device-cookies.ts';
import type { AuthUser } from './auth/identity.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import type { ActivityMacs } from './lib/activity-macs.ts';
import type { Cursors } from './lib/cursor.ts';
import type { DeletedNames } from './lib/deleted-names.ts';
import type { RedisLink } from './lib/redis-link.ts';
import type { ReporterAccuracy } from './lib/reporter-accuracy.ts';
import type { ReporterFingerprints } from './lib/reporter-fingerprints.ts';
import type { ReporterNetworks } from './lib/reporter-networks.ts';
import type { FeedCache } from './services/feed-cache.ts';
import type { LikeBatches } from './services/likes.ts';
import type { LiveEvents } from './services/live-events.ts';
import type { QuestionBatches, ReplyBatches } from './services/posts.ts';
import type { ProofOfWork } from './services/proof-of-work.ts';
import type { PushSender } from './services/push.ts';
import type { ReportPages } from './services/report-pages.ts';
import type { SafetyService } from './services/safety.ts';
import type { ThreadService } from './services/threads.ts';
import type { UnreadCounts } from './services/unread-counts.ts';
import type { WatchedWords } from './services/watched-words.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    tokens: TokenService;
    /** Device cookies: which browsers signed in to an account before (login throttling). */
    devices: DeviceCookies;
    threads: ThreadService;
    feedCache: FeedCache;
    /** Likes without an idempotency key, written many to a statement. */
    likeBatches: LikeBatches;
    /** Common posts (tags known, no key, nothing flagged), written many to a statement. */
    questionBatches: QuestionBatches;
    /** Common replies (top-level, no key, nothing flagged), written many to a transaction. */
    replyBatches: ReplyBatches;
    /** The admin report list's first page, kept at the moderation version. */
    reportPages: ReportPages;
    fingerprints: ReporterFingerprints;
    /** Per-target MACs of private keys, for their likes and reports. */
    activityMacs: ActivityMacs;
    /** MACs of deleted accounts' login names, kept a while from new accounts. */
    deletedNames: DeletedNames;
    /** Reporters' networks, keyed per target, so that auto-hide counts people. */
    reporterNetworks: ReporterNetworks;
    /** Reporters' past accuracy, weighing their reports toward auto-hide. */
    reporterAccuracy: ReporterAccuracy;
    /** The watched words in force, compiled and kept (services/watched-words.ts). */
    watchedWords: WatchedWords;
    /** The shared Redis when REDIS_URL is set (rate limits, token denylist), else null. */
    redis: RedisLink | null;
    safety: SafetyService;
    pow: ProofOfWork;
    /** Signs and reads the cursors of paged lists (lib/cursor.ts). */
    cursors: Cursors;
    /** Unread counts kept while the change feed is heard (services/unread-counts.ts). */
    unreadCounts: UnreadCounts;
    /** The server-sent event streams this process serves (services/live-events.ts). */
    liveEvents: LiveEvents;
    /** Web Push to the devices that asked (services/push.ts). */
    push: PushSender;
  }
  interface FastifyRequest {
    /** The signed-in user, from a valid bearer access token; null when anonymous. */
    user: AuthUser | null;
  }
}
