/**
 * Serves the built web app, with history fallback: any GET or HEAD outside /api/ that is
 * not a file gets index.html, so deep links like /questions/12 work on reload.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_MSG } from '@dating/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    if (!existsSync(path.join(opts.root, 'index.html'))) {
      app.log.warn({ root: opts.root }, 'web app not built; serving the API only');
      return;
    }
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; they go out as they are.
      preCompressed: true,
      maxAge: '1h',
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; everything else must revalidate.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
    // The fallback is a route, not a not-found handler: the errors plugin owns that one,
    // and every real route (API, hashed asset) is more specific than this wildcard.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (request.url.startsWith('/api/')) {
        return reply.code(404).send({ detail: API_MSG.notFound });
      }
      return reply
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html', { cacheControl: false });
    });
  },
  { name: 'web-app', dependencies: ['errors'] },
);
