/**
 * JSON bodies are parsed by Fastify's own (prototype-poisoning-safe) parser, then every
 * string in them and in the query string is checked for NUL and lone surrogates. An empty
 * body with a JSON content type counts as no body.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-errors.ts';
import { findMalformedText } from '../lib/text-guard.ts';

const MALFORMED = 'Text must not contain NUL characters or invalid Unicode.';

export default fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      // An empty JSON body is no body (a like's payload is "empty or session_id"); each
      // route's schema then says whether it needs one.
      if ((body as string).trim() === '') return done(null, undefined);
      parseJson(request, body as string, (error: Error | null, value?: unknown) => {
        if (error) return done(error);
        const bad = findMalformedText(value);
        return bad === null ? done(null, value) : done(badRequest(`${MALFORMED} (${bad})`));
      });
    });
    app.addHook('preValidation', async (request) => {
      const bad = findMalformedText(request.query);
      if (bad !== null) throw badRequest(`${MALFORMED} (${bad})`);
    });
  },
  { name: 'input-guard' },
);
