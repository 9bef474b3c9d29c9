/** Application services, decorated once so routes and hooks share them. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TokenService } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { ThreadService } from '../services/threads.ts';

export interface Services {
  config: Config;
  db: Db;
  jwtSecret: string;
}

export default fp(
  async (app: FastifyInstance, services: Services) => {
    app.decorate('config', services.config);
    app.decorate('db', services.db);
    app.decorate('tokens', new TokenService(services.jwtSecret));
    app.decorate('threads', new ThreadService());
  },
  { name: 'services' },
);
