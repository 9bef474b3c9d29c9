/**
 * Builds the application from its dependencies. It opens nothing and listens on
 * nothing: server.ts does that, and tests build a fresh app per database.
 */
import { API_MSG } from '@dating/contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config, VapidKeys } from './config.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import type { Db } from './db/connection.ts';
import type { ReadReplicas } from './db/read-replicas.ts';
import type { HostResolver } from './lib/public-addresses.ts';
import { endSilentConnectionsOnClose } from './lib/silent-connections.ts';
import { loggerOptions, requestIdOptions } from './logging.ts';
import auth from './plugins/auth.ts';
import deadline from './plugins/deadline.ts';
import errors, { localizedErrorBody } from './plugins/errors.ts';
import idempotency from './plugins/idempotency.ts';
import inputGuard from './plugins/input-guard.ts';
import openapi from './plugins/openapi.ts';
import privateResponses from './plugins/private-responses.ts';
import proofOfWork from './plugins/proof-of-work.ts';
import rateLimit from './plugins/rate-limit.ts';
import replicaReads from './plugins/replica-reads.ts';
import requestId from './plugins/request-id.ts';
import security from './plugins/security.ts';
import services from './plugins/services.ts';
import silences from './plugins/silences.ts';
import validation from './plugins/validation.ts';
import webApp from './plugins/web-app.ts';
import answerHelpfulRoutes from './routes/api/answers/helpful.ts';
import answerRoutes, { answerOf } from './routes/api/answers/index.ts';
import authRoutes from './routes/api/auth.ts';
import challengeRoutes from './routes/api/challenge/index.ts';
import eventRoutes from './routes/api/events/index.ts';
import healthRoutes from './routes/api/health/index.ts';
import { likeRoutes } from './routes/api/likes/index.ts';
import moderationRoutes from './routes/api/moderation/index.ts';
import watchedWordRoutes from './routes/api/moderation/watched-words.ts';
import myDataRoutes from './routes/api/my/data.ts';
import myRoutes from './routes/api/my/index.ts';
import notificationRoutes from './routes/api/notifications/index.ts';
import { ownPostRoutes } from './routes/api/own-posts/index.ts';
import pushRoutes from './routes/api/push/index.ts';
import questionAnswerRoutes from './routes/api/questions/answers.ts';
import questionFollowRoutes from './routes/api/questions/follow.ts';
import questionRoutes, { questionDetail } from './routes/api/questions/index.ts';
import questionListRoutes from './routes/api/questions/list.ts';
import questionUpdateRoutes from './routes/api/questions/updates.ts';
import reportRoutes from './routes/api/reports/index.ts';
import safetyRoutes from './routes/api/safety/index.ts';
import tagRoutes from './routes/api/tags/index.ts';
import userRoutes from './routes/api/user/index.ts';

export interface AppDependencies {
  config: Config;
  db: Db;
  /** The database's announcements of committed changes (db/change-feed.ts). */
  changes: ChangeFeed;
  /** The replicas reads may use (DatabaseHandle `reads`); none when absent. */
  reads?: ReadReplicas<Db> | null;
  jwtSecret: string;
  /** The Web Push key pair (resolveVapidKeys); a fresh one when absent (tests). */
  vapid?: VapidKeys;
  /** Resolves push endpoints' hosts; the system's resolver when absent, a stub in tests. */
  resolveHost?: HostResolver;
  /** Fastify's logger option; tests pass false or a stream. */
  logger?: FastifyServerOptions['logger'];
}

/** A hop count trusts that many proxies in front of the server; Fastify takes a function. */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/**
 * The router's own failures skip the error handler and the hooks; they answer in the error
 * shape too, with their code and in the request's language.
 */
function routerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, detail: string) => {
    reply.code(status);
    return reply.send(localizedErrorBody(request, reply, { detail }));
  };
  // A path parameter too long to be an id names nothing.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(404, API_MSG.notFound);
  if (error.code === 'FST_ERR_BAD_URL') return send(400, 'Malformed URL.');
  return send(500, 'Internal server error.');
}

/** Large enough for the longest question (20,000 characters of HTML-escaped text). */
const BODY_LIMIT = 256 * 1024;

export async function buildApp(deps: AppDependencies) {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.config),
    ...requestIdOptions(deps.config.trustProxy),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // Paths are declared with their trailing slash, as the specification writes them (a
    // route at a prefix's root says prefixTrailingSlash: 'slash' for the same reason).
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 100 },
    frameworkErrors: routerError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  endSilentConnectionsOnClose(app);
  // Every request starts anonymous; the auth plugin's scope reads the bearer token.
  app.decorateRequest('user', null);
  await app.register(requestId);
  await app.register(errors);
  await app.register(deadline, { deadlineMs: deps.config.requestDeadlineMs });
  await app.register(validation);
  await app.register(inputGuard);
  await app.register(services, {
    config: deps.config,
    db: deps.db,
    changes: deps.changes,
    jwtSecret: deps.jwtSecret,
    ...(deps.vapid === undefined ? {} : { vapid: deps.vapid }),
    ...(deps.resolveHost === undefined ? {} : { resolveHost: deps.resolveHost }),
  });
  await app.register(replicaReads, { reads: deps.reads ?? null, serverSecret: deps.jwtSecret });
  await app.register(security);
  await app.register(privateResponses);
  await app.register(rateLimit, { serverSecret: deps.jwtSecret });
  await app.register(idempotency, { secret: deps.jwtSecret });
  await app.register(proofOfWork, { serverSecret: deps.jwtSecret });
  await app.register(openapi);

  await app.register(
    async (api) => {
      // Public calls first, outside the bearer-token scope: they answer whatever
      // Authorization header a client still holds (an expired token must not block login).
      await api.register(authRoutes);
      await api.register(healthRoutes, { prefix: '/health' });
      await api.register(challengeRoutes, { prefix: '/challenge' });
      await api.register(safetyRoutes, { prefix: '/safety' });
      await api.register(async (authenticated) => {
        await authenticated.register(auth);
        await authenticated.register(silences);
        await authenticated.register(userRoutes, { prefix: '/user' });
        await authenticated.register(questionListRoutes, { prefix: '/questions' });
        await authenticated.register(questionRoutes, { prefix: '/questions' });
        await authenticated.register(questionAnswerRoutes, { prefix: '/questions' });
        await authenticated.register(questionUpdateRoutes, { prefix: '/questions' });
        await authenticated.register(likeRoutes('question'), { prefix: '/questions' });
        await authenticated.register(ownPostRoutes('question', questionDetail), {
          prefix: '/questions',
        });
        await authenticated.register(answerRoutes, { prefix: '/answers' });
        await authenticated.register(likeRoutes('answer'), { prefix: '/answers' });
        await authenticated.register(ownPostRoutes('answer', answerOf), { prefix: '/answers' });
        await authenticated.register(answerHelpfulRoutes, { prefix: '/answers' });
        await authenticated.register(reportRoutes, { prefix: '/reports' });
        await authenticated.register(myRoutes, { prefix: '/my' });
        await authenticated.register(myDataRoutes, { prefix: '/my' });
        await authenticated.register(moderationRoutes, { prefix: '/moderation' });
        await authenticated.register(watchedWordRoutes, { prefix: '/moderation' });
        await authenticated.register(tagRoutes, { prefix: '/tags' });
        await authenticated.register(questionFollowRoutes, { prefix: '/questions' });
        await authenticated.register(notificationRoutes, { prefix: '/notifications' });
        await authenticated.register(eventRoutes, { prefix: '/events' });
        await authenticated.register(pushRoutes, { prefix: '/push' });
      });
    },
    { prefix: '/api' },
  );

  await app.register(webApp, { root: deps.config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
