/**
 * One rule for every API response, so that no route can forget it: a request that carries an
 * identity (a bearer token, or an anonymous key in X-Session-Id or in a body's
 * `session_id`) gets `Cache-Control: private, no-store`, whatever the route said. Its
 * answer may hold the key's own posts, an account's inbox or an admin's queue, and a
 * shared cache (a corporate proxy, a CDN set up too broadly) would otherwise hand it to
 * the next visitor of the same URL, which for `/api/my/anonymous/` is everyone.
 *
 * Every API response also varies on `Authorization, X-Session-Id`, with or without an
 * identity: a stranger's response that a cache keeps must not be served to a request that
 * carries one. Strangers keep the route's own caching (the feed's `no-cache` and ETag).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const PRIVATE_CACHE_CONTROL = 'private, no-store';
const IDENTITY_HEADERS = ['Authorization', 'X-Session-Id'] as const;

const present = (value: unknown) => value !== undefined && value !== '';

/** Whether the request names somebody, read or not by its route. */
export function carriesIdentity(request: FastifyRequest): boolean {
  if (present(request.headers.authorization) || present(request.headers['x-session-id'])) {
    return true;
  }
  const body = request.body;
  return typeof body === 'object' && body !== null && present(Reflect.get(body, 'session_id'));
}

/** The Vary header with the identity headers added to what the route already named. */
function varyWithIdentity(current: unknown): string {
  const named = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (named.includes('*')) return '*';
  const lower = new Set(named.map((name) => name.toLowerCase()));
  for (const header of IDENTITY_HEADERS) {
    if (!lower.has(header.toLowerCase())) named.push(header);
  }
  return named.join(', ');
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      // Pages never read an identity: they are drawn for strangers (plugins/web-app.ts).
      if (!request.url.startsWith('/api/')) return payload;
      reply.header('Vary', varyWithIdentity(reply.getHeader('vary')));
      if (carriesIdentity(request)) reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      return payload;
    });
  },
  { name: 'private-responses' },
);
