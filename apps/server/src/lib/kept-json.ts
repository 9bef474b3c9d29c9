/**
 * Sending JSON that was serialized earlier and kept: the bytes as they are, a strong ETag,
 * and 304 to a client that already has them. `no-cache` lets a browser or a shared cache
 * keep the response but not use it without asking, so none of them shows it after a write.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Whether an If-None-Match header names this ETag: `*`, or one of a list, compared weakly
 * (RFC 9110, 13.1.2: a W/ prefix does not matter here).
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/**
 * The route's own writer of its 200 response, so that what is kept is exactly what a fresh
 * response would be (the schema's serializer is also the privacy guard).
 */
export function serializerOf<T>(reply: FastifyReply): (value: T) => string {
  const serialize = reply.getSerializationFunction('200');
  if (serialize === undefined) throw new Error(`${reply.request.url}: no response schema`);
  // Fastify types serializers as taking a plain record; this one takes the route's schema.
  return (value) => serialize(value as unknown as Record<string, unknown>);
}

/** JSON that a route's response schema already wrote, sent as it is. */
export function sendSerialized(reply: FastifyReply, json: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Kept JSON with its validator: 304 when the client names it, the bytes otherwise.
 * `cacheControl`: `private, no-cache` keeps it out of shared caches (a search's words).
 */
export function sendKeptJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  etag: string,
  cacheControl: 'no-cache' | 'private, no-cache' = 'no-cache',
) {
  reply.header('ETag', etag).header('Cache-Control', cacheControl);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return sendSerialized(reply, body);
}
