/**
 * JSON bodies are parsed by Fastify's own (prototype-poisoning-safe) parser; an empty
 * body with a JSON content type counts as no body. What the parsed values may hold (no
 * NUL, no lone surrogate) is checked field by field with the schema (plugins/validation.ts),
 * so a bad field is reported on that field, with every other problem of the request.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      // An empty JSON body is no body (a like's payload is "empty or session_id"); each
      // route's schema then says whether it needs one.
      if ((body as string).trim() === '') return done(null, undefined);
      parseJson(request, body as string, done);
    });
  },
  { name: 'input-guard' },
);
