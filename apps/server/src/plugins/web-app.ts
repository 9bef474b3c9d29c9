/**
 * Serves the built web app, with history fallback: any GET or HEAD outside /api/ that is
 * not a file gets index.html, so deep links like /questions/12 work on reload. Only a path
 * the app could route falls back: one with a dotfile or dot-segment (`/.git/config`,
 * `/.env`, `/a/../b`) or a file extension (`/backup.zip`, `/assets/gone.js`) names a file,
 * and a file that is not among the assets is a 404, not the page.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_MSG } from '@dating/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Whether a (decoded) path is one the web app routes, rather than a file's. */
export function isPagePath(path: string): boolean {
  const segments = path.split(/[/\\]/);
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  return !(segments.at(-1) ?? '').includes('.');
}

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
    app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, (request, reply) => {
      if (request.url.startsWith('/api/') || !isPagePath(request.params['*'])) {
        return reply.code(404).send({ detail: API_MSG.notFound });
      }
      return reply
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html', { cacheControl: false });
    });
  },
  { name: 'web-app', dependencies: ['errors'] },
);
