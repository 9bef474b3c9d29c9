/**
 * The route schemas, published as an OpenAPI document with a browsable UI at /api/docs/.
 * What every operation has in common is added here, from how its route is registered, so
 * route files only describe their own call:
 * - an operationId from the method and path (unless the route names one);
 * - its security: none outside the bearer-token scope, an optional bearer token or
 *   anonymous key inside it, a required bearer token behind `signedIn`, `staffOnly` or `moderatorOnly`;
 * - the 4xx answers of the shared plugins (validation, credentials, Idempotency-Key,
 *   abuse limits, body parsing), in the error shapes, where the route declares none;
 * - the request headers its opt-ins read (Idempotency-Key, X-Altcha).
 * The additions go into the document only: the schemas that validate and serialize stay
 * the route's own.
 */

import { ErrorDetail } from '@dating/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type TSchema, Type } from 'typebox';
import {
  type Access,
  ERROR_SCHEMAS,
  ERROR_SHAPE_REFS,
  errorResponsesOf,
  operationIdOf,
  type RouteFacts,
  SECURITY_SCHEMES,
  securityOf,
} from '../lib/openapi-operation.ts';
import { AUTH_PLUGIN, moderatorOnly, signedIn, staffOnly } from './auth.ts';
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency.ts';
import { READ_AFTER } from './replica-reads.ts';
import { refusedWhenSilenced } from './silences.ts';

/** The hooks a guard such as `signedIn` can be attached to. */
function guardsOf(route: RouteOptions): unknown[] {
  return [route.onRequest, route.preValidation, route.preHandler].flat();
}

function accessOf(route: RouteOptions, inBearerScope: boolean): Access {
  const guards = guardsOf(route);
  if (guards.includes(staffOnly) || guards.includes(moderatorOnly)) return 'staff';
  if (guards.includes(signedIn)) return 'signed-in';
  return inBearerScope ? 'viewer' : 'public';
}

/** Sent with every read; what a read may be served from depends on it (plugins/replica-reads.ts). */
const READ_AFTER_HEADER = Type.Optional(
  Type.String({
    pattern: '^[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}$',
    description:
      'The highest `Read-After` a write of this client was answered with (a log position such as `0/3000148`): the read then sees that write even when a replica serves it. Anything else is ignored.',
  }),
);

/** The request headers the route's opt-ins read, beyond the credentials. */
function requestHeadersOf(facts: RouteFacts): Record<string, TSchema> {
  const headers: Record<string, TSchema> = {};
  if (facts.idempotent) {
    headers['Idempotency-Key'] = Type.Optional(
      Type.String({
        pattern: IDEMPOTENCY_KEY_PATTERN.source,
        description:
          'A repeat with the same key within 24 hours answers the first response again and creates nothing.',
      }),
    );
  }
  if (facts.proofOfWork) {
    headers['X-Altcha'] = Type.Optional(
      Type.String({
        description:
          'Anonymous requests: a solved challenge from GET /api/challenge/ (or `altcha` in the body). Signed-in users need none.',
      }),
    );
  }
  return headers;
}

type DocumentedSchema = FastifySchema & {
  headers?: { properties?: Record<string, TSchema> };
  response?: Record<string, unknown>;
};

/** Responses a route declares with the error shape point to its component instead. */
function namedErrorShapes(responses: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, shape]) => [
      status,
      shape === ErrorDetail ? ERROR_SHAPE_REFS.ErrorDetail : shape,
    ]),
  );
}

/** The route's schema with what the document adds; what the route declares wins. */
function documentedSchema(
  route: RouteOptions,
  url: string,
  inBearerScope: boolean,
): DocumentedSchema {
  const schema = (route.schema ?? {}) as DocumentedSchema;
  const facts: RouteFacts = {
    access: accessOf(route, inBearerScope),
    body: schema.body !== undefined,
    query: schema.querystring !== undefined,
    params: schema.params !== undefined,
    rateLimited: route.config?.rateLimitPolicy !== undefined,
    idempotent: route.config?.idempotent === true,
    proofOfWork: route.config?.proofOfWork === true,
    silenceable:
      inBearerScope && [route.method].flat().some((verb) => refusedWhenSilenced(verb, route.url)),
  };
  const method = Array.isArray(route.method) ? route.method.join('') : route.method;
  const extraHeaders = requestHeadersOf(facts);
  if (method === 'GET' && url.startsWith('/api/')) extraHeaders[READ_AFTER] = READ_AFTER_HEADER;
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, url),
    security: schema.security ?? securityOf(facts.access),
    response: { ...errorResponsesOf(facts), ...namedErrorShapes(schema.response) },
    ...(Object.keys(extraHeaders).length > 0 && {
      headers: Type.Object({ ...extraHeaders, ...schema.headers?.properties }),
    }),
  };
}

export default fp(
  async (app: FastifyInstance) => {
    // Which routes the auth plugin's bearer-token hook covers: those registered in its scope.
    const inBearerScope = new WeakSet<RouteOptions>();
    app.addHook('onRoute', function recordScope(this: FastifyInstance, route) {
      if (this.hasPlugin(AUTH_PLUGIN)) inBearerScope.add(route);
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Dating advice Q&A API',
          version: '1.0.0',
          description:
            'Errors: 400 `{"field": ["message"]}` or `{"detail": "message", "code": "..."}`; every other 4xx `{"detail": "message", "code": "..."}`. Decide by the code (ErrorCode), which every error also carries in the `Error-Code` header (field errors: one per message); the messages follow `Accept-Language` (en, es, ar; English otherwise). With read replicas configured, a write answered 2xx carries `Read-After: <log position>`; send the highest one seen back as the `Read-After` request header, so that reads served by a replica see your writes.',
        },
        servers: [{ url: '/', description: 'The server that serves this document' }],
        components: { securitySchemes: SECURITY_SCHEMES, schemas: ERROR_SCHEMAS },
      },
      transform: ({ schema, url, route }) => ({
        schema: schema?.hide ? schema : documentedSchema(route, url, inBearerScope.has(route)),
        url,
      }),
      // Shared schemas (the recursive AnswerNode, the error shapes) keep their own names as
      // components.
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) =>
          typeof json.$id === 'string' ? json.$id : `def-${i}`,
      },
    });
    // The docs page carries its own CSP with hashes for its inline script and style.
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
