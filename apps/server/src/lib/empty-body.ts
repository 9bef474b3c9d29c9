/**
 * A POST whose payload is optional (the specification's like calls send "empty or
 * session_id"): with no body at all, Fastify would validate `undefined` against the
 * object schema and refuse it. As a route's preValidation hook, an absent body is `{}`.
 */
import type { FastifyRequest } from 'fastify';

export async function absentBodyAsEmpty(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}
