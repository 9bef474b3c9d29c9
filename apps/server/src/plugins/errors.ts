/**
 * The single error handler: every failure leaves the server in the error shape of
 * DESIGN.md §2, and no 5xx ever shows its internals.
 */

import { API_MSG } from '@dating/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { type FieldErrors, HttpError } from '../lib/http-errors.ts';

/** Seconds a client should wait before retrying while the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER = '5';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

function describe(error: AjvError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return API_MSG.required;
    case 'type':
      return `Must be ${p.type === 'integer' ? 'an integer' : p.type === 'array' ? 'a list' : `a ${String(p.type)}`}.`;
    case 'enum':
      return `Not a valid choice. Choose one of: ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'maxLength':
      return `Ensure this field has no more than ${String(p.limit)} characters.`;
    case 'minLength':
      return `Ensure this field has at least ${String(p.limit)} characters.`;
    case 'maxItems':
      return `Ensure this list has no more than ${String(p.limit)} items.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(p.limit)}.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(p.limit)}.`;
    case 'pattern':
      return 'This value has an invalid format.';
    default:
      return error.message ? `Invalid value: ${error.message}.` : 'Invalid value.';
  }
}

/**
 * A nullable field (`anyOf: [X, null]`) that fails reports X's problem, "must be null" and
 * "must match a schema in anyOf"; only X's problem tells the caller anything.
 */
function isNullableNoise(error: AjvError, all: AjvError[]): boolean {
  const nullBranch = error.keyword === 'type' && error.params.type === 'null';
  const summary = error.keyword === 'anyOf';
  if (!nullBranch && !summary) return false;
  return all.some(
    (other) =>
      other !== error &&
      other.instancePath === error.instancePath &&
      other.keyword !== 'anyOf' &&
      !(other.keyword === 'type' && other.params.type === 'null'),
  );
}

/** Ajv errors as `{"field": ["message"]}`, keyed by the top-level field they concern. */
export function validationToFieldErrors(all: AjvError[]): FieldErrors | null {
  const out: FieldErrors = {};
  const errors = all.filter((error) => !isNullableNoise(error, all));
  for (const error of errors) {
    const field =
      error.instancePath.split('/')[1] ??
      (error.keyword === 'required' ? String(error.params.missingProperty) : undefined);
    if (!field) return null;
    const message = field === 'session_id' ? API_MSG.sessionInvalid : describe(error);
    const list = out[field] ?? [];
    if (!list.includes(message)) list.push(message);
    out[field] = list;
  }
  return out;
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).headers(error.headers).send(error.body);
      }
      if (error.validation) {
        // An id in the path that cannot exist is simply not found.
        if (error.validationContext === 'params') {
          return reply.code(404).send({ detail: API_MSG.notFound });
        }
        const fields = validationToFieldErrors(error.validation as AjvError[]);
        return reply
          .code(400)
          .send(fields ?? { detail: `Invalid ${error.validationContext ?? 'request'}.` });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (malformed JSON, wrong content type, body too
        // large): their messages are written for clients and carry no internals.
        return reply.code(status).send({ detail: error.message });
      }
      if (isDatabaseUnavailable(error)) {
        // An outage, not a bug: tell the client to come back, and keep serving.
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('Retry-After', UNAVAILABLE_RETRY_AFTER)
          .send({ detail: API_MSG.serviceUnavailable });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'Internal server error.' });
    });

    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: API_MSG.notFound }));
  },
  { name: 'errors' },
);
