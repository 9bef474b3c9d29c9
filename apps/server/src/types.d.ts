import type { AuthUser } from './auth/identity.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import type { ThreadService } from './services/threads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    tokens: TokenService;
    threads: ThreadService;
  }
  interface FastifyRequest {
    /** The signed-in user, from a valid bearer access token; null when anonymous. */
    user: AuthUser | null;
  }
}
