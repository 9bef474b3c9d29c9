/**
 * Browser-facing protections: a strict Content-Security-Policy (no inline script or style
 * at all; the web app's theme pre-paint script is a file), no framing, HSTS over HTTPS, CORS only
 * for the configured origins, and JSON as the only body type the API accepts (415 else).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { questionScreenHead } from '../lib/screen-preloads.ts';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Style sheets from this site, and the <style> elements of the built index.html and of a
  // question's page by hash (inlineStyleHashes): no other <style> element and no style
  // attribute in markup. The web app draws with classes; what React and the editor set at
  // run time goes through the CSSOM (element.style), which a policy does not govern.
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * The hashes of the `<style>` elements in the web app's index.html: the build writes the
 * first load's stylesheets there so the first screen paints without waiting for them
 * (apps/web/vite.config.ts, inlineEntryCss). Only these exact blocks may apply.
 */
export function inlineStyleHashes(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  );
}

/** Those of index.html, and those a question's page adds (lib/screen-preloads.ts). */
function builtStyleHashes(webDistDir: string): string[] {
  const file = path.join(webDistDir, 'index.html');
  if (!existsSync(file)) return [];
  return inlineStyleHashes(readFileSync(file, 'utf8') + questionScreenHead(webDistDir));
}

export default fp(
  async (app: FastifyInstance) => {
    const styleSrc = [
      ...CONTENT_SECURITY_POLICY.styleSrc,
      ...builtStyleHashes(app.config.webDistDir),
    ];
    // Helmet's middleware, built once. (@fastify/helmet 13 builds it anew for every request,
    // parsing the policy's directives each time: a tenth of the CPU a kept feed page costs.)
    const setProtectiveHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...CONTENT_SECURITY_POLICY, styleSrc },
      },
      // Sent below, only on HTTPS: over plain HTTP it would mean nothing.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      // Set on the raw response, so they go out with every reply, errors and 304s included.
      setProtectiveHeaders(request.raw, reply.raw, (error) =>
        done(
          error === undefined ? undefined : new Error('security headers not set', { cause: error }),
        ),
      );
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.protocol === 'https') {
        reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      }
      done(null, payload);
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
          // The log position of the tab's last write (plugins/replica-reads.ts).
          'Read-After',
        ],
        exposedHeaders: [
          'Link',
          'X-Total-Count',
          'Retry-After',
          'X-Request-Id',
          'Idempotency-Replayed',
          'Read-After',
          // The code(s) of an error (plugins/errors.ts); Content-Language is safelisted.
          'Error-Code',
        ],
        maxAge: 600,
      });
    }

    // Fastify parses text/plain by default; the API speaks JSON only.
    app.removeContentTypeParser('text/plain');
  },
  { name: 'security', dependencies: ['services'] },
);
