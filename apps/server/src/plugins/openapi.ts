/** The route schemas, published as an OpenAPI document with a browsable UI at /api/docs/. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Dating advice Q&A API',
          version: '1.0.0',
          description:
            'Errors: 400 `{"field": ["message"]}` or `{"detail": "message"}`; 401, 403, 404 and 429 `{"detail": "message"}`.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      // Shared schemas (the recursive AnswerNode) keep their own names as components.
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
