/**
 * JSON bodies are parsed by Fastify's own (prototype-poisoning-safe) parser, then every
 * string in them and in the query string is checked for NUL and lone surrogates.
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
