/**
 * Request validation. JSON bodies are validated as they are, never coerced, so
 * `{"text": 12345}` is a 400 rather than a question; query strings and path parameters
 * arrive as text and are coerced ("20" -> 20). Unknown fields are dropped, so a field a
 * caller may not set (likes, user, status...) never reaches a handler.
 */
import { Ajv, type Options } from 'ajv';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const common: Options = {
  removeAdditional: 'all',
  useDefaults: true,
  allErrors: false,
  // TypeBox adds its own metadata keywords; Ajv must ignore rather than reject them.
  strict: false,
};

export default fp(
  async (app: FastifyInstance) => {
    const bodies = new Ajv({ ...common, coerceTypes: false });
    const text = new Ajv({ ...common, coerceTypes: 'array' });
    app.setValidatorCompiler(({ schema, httpPart }) =>
      httpPart === 'body' ? bodies.compile(schema) : text.compile(schema),
    );
  },
  { name: 'validation' },
);
