/**
 * Browser-facing protections: a strict Content-Security-Policy (no inline script at all;
 * the web app's theme pre-paint script is a file), no framing, HSTS over HTTPS, CORS only
 * for the configured origins, and JSON as the only body type the API accepts (415 else).
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React and the editor set style attributes; no script can run from a style.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export default fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      // Sent below, only on HTTPS: over plain HTTP it would mean nothing.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') {
        reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      }
    });

    const allowed = new Set(app.config.corsOrigins);
    if (allowed.size > 0) {
      await app.register(cors, {
        // Only listed origins are echoed back; a foreign or "null" origin gets no CORS
        // headers at all, so the browser keeps its response from the page.
        origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
        credentials: true,
        methods: ['GET', 'POST', 'PATCH', 'DELETE'],
        allowedHeaders: [
          'Authorization',
          'Content-Type',
          'X-Session-Id',
          'Idempotency-Key',
          'X-Altcha',
        ],
        exposedHeaders: [
          'Link',
          'X-Total-Count',
          'Retry-After',
          'X-Request-Id',
          'Idempotency-Replayed',
        ],
        maxAge: 600,
      });
    }

    // Fastify parses text/plain by default; the API speaks JSON only.
    app.removeContentTypeParser('text/plain');
  },
  { name: 'security', dependencies: ['services'] },
);
