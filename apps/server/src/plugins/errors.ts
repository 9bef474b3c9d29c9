/**
 * The single error handler: every failure leaves the server in the error shape clients
 * rely on (`lib/http-errors.ts`), and no 5xx ever shows its internals. Every error body,
 * whoever sent it (this handler, the router, a plugin, a route), leaves with its code and in
 * the request's language (`localizeErrors` below).
 */

import type { IncomingMessage } from 'node:http';
import { type ErrorCode, LIMITS } from '@dating/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  CommitOutcomeUnknownError,
  DatabaseClosingError,
  DeadlineExceededError,
} from '../db/deadline.ts';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/unavailable.ts';
import { languageHeaders, type MessageLanguage, messageLanguage } from '../lib/accept-language.ts';
import { type Message, type MessageValue, render } from '../lib/error-messages/catalogue.ts';
import { localizeError } from '../lib/error-messages/localize.ts';
import { type CodedBody, HttpError, message, renderBody } from '../lib/http-errors.ts';
import { MALFORMED, SINGLE_VALUE } from './validation.ts';

/** Seconds a client should wait before retrying while the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER = '5';
/**
 * Seconds to wait after a transaction lost to another twice in a row (a deadlock or a
 * serialization failure, already retried once by the server): the other work is done by
 * then.
 */
export const CONFLICT_RETRY_AFTER = '1';

/**
 * A body over the limit is read and thrown away, up to this much and this long, before the
 * 413 goes out. Answering at once and closing would reset the connection while the client
 * is still sending, and the client (Node's fetch, for one) would see EPIPE instead of 413.
 */
export const DISCARD_MAX_BYTES = 8 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/** Reads the rest of a request's body into nothing, within the bounds above. */
function discardBody(stream: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    const declared = Number(stream.headers['content-length']);
    if (stream.readableEnded || stream.destroyed || declared > DISCARD_MAX_BYTES) {
      return resolve();
    }
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', done);
      stream.off('error', done);
      stream.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DISCARD_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DISCARD_MAX_MS);
    stream.on('data', onData);
    stream.once('end', done);
    stream.once('error', done);
    stream.once('close', done);
    stream.resume();
  });
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Ajv's type names as the request checks say them, in Spanish and Arabic (English: as is). */
const TYPE_NAMES: Readonly<Record<'es' | 'ar', Readonly<Record<string, string>>>> = {
  es: { string: 'texto', boolean: 'verdadero o falso', number: 'número', object: 'objeto' },
  ar: { string: 'نص', boolean: 'صحيح أو خطأ', number: 'رقم', object: 'كائن' },
};
const typeName =
  (type: string): MessageValue =>
  (language) =>
    language === 'en' ? type : (TYPE_NAMES[language][type] ?? type);

/** What a request check says of a field, by code (the English texts are the seed's). */
function describe(error: AjvError, field: string): Message {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return message('required');
    case 'type':
      if (p.type === 'integer') return message('mustBeInteger');
      if (p.type === 'array') return message('mustBeList');
      return message('mustBeType', { type: typeName(String(p.type)) });
    case 'enum':
      return message('notAChoice', { choices: (p.allowedValues as unknown[]).join(', ') });
    case 'const':
      return message('notAChoice', { choices: String(p.allowedValue) });
    case 'maxLength':
      // The password's own limit has its own words (the registration form's).
      if (field === 'password' && p.limit === LIMITS.passwordMax) {
        return message('passwordTooLong');
      }
      return message('tooLong', { limit: String(p.limit) });
    case 'minLength':
      return message('tooShort', { limit: String(p.limit) });
    case 'maxItems':
      return message('tooManyItems', { limit: String(p.limit) });
    case 'minItems':
      return message('tooFewItems', { limit: String(p.limit) });
    case 'maximum':
      return message('tooLarge', { limit: String(p.limit) });
    case 'minimum':
      return message('tooSmall', { limit: String(p.limit) });
    case 'pattern':
    case 'format':
      return message('invalidFormat');
    case SINGLE_VALUE:
      return message('singleValue');
    case MALFORMED:
      return message('textMalformed');
    default:
      // A keyword no request schema uses today. Ajv's own reason is English only: put in a
      // Spanish or Arabic sentence it would leave English there, so it is not said.
      return message('invalidValue');
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

/** Ajv errors as `{"field": [message]}`, keyed by the top-level field they concern. */
export function validationToFieldErrors(all: AjvError[]): Record<string, Message[]> | null {
  const out: Record<string, Message[]> = {};
  const errors = all.filter((error) => !isNullableNoise(error, all));
  for (const error of errors) {
    const field =
      error.instancePath.split('/')[1] ??
      (error.keyword === 'required' ? String(error.params.missingProperty) : undefined);
    if (!field) return null;
    const said = field === 'session_id' ? message('sessionInvalid') : describe(error, field);
    const list = out[field] ?? [];
    // One message per text: two failures that read the same are said once.
    const text = render(said.code, said.params, 'en');
    if (!list.some((item) => render(item.code, item.params, 'en') === text)) list.push(said);
    out[field] = list;
  }
  return out;
}

/** A request part that is wrong as a whole (not field by field), by its code. */
const INVALID_PART: Readonly<Record<string, ErrorCode>> = {
  body: 'invalidBody',
  querystring: 'invalidQuerystring',
  headers: 'invalidHeaders',
};

/**
 * An error body with its code(s), in the request's language, and the headers that say so
 * set on `reply` (whose status must be set). Null when `body` is neither error shape.
 */
export function localizedErrorBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Record<string, unknown> | null {
  const language = messageLanguage(request.headers['accept-language']);
  const localized = localizeError(reply.statusCode, body, language);
  if (localized === null) return null;
  errorHeaders(reply, localized.codes, localized.language);
  return localized.body;
}

/** Error-Code, and the headers that say which language the messages are in. */
function errorHeaders(
  reply: FastifyReply,
  codes: readonly ErrorCode[],
  language: MessageLanguage | null,
): void {
  reply.header('Error-Code', codes.join(', '));
  languageHeaders(reply, language);
}

/**
 * The payload each request's error went out as when it was written by code here: the
 * `onSend` hook leaves that one be (a hook that put another body in its place, such as an
 * idempotent request's twin's answer, still has its body read back to its code).
 */
const written = new WeakMap<FastifyRequest, string>();

/** Sends an error raised by code, written in the request's language. */
function sendCoded(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  coded: CodedBody,
): FastifyReply {
  const language = messageLanguage(request.headers['accept-language']);
  const { body, codes } = renderBody(coded, language);
  reply.code(status);
  errorHeaders(reply, codes, language);
  const payload = JSON.stringify(body);
  written.set(request, payload);
  return reply.type('application/json; charset=utf-8').send(payload);
}

const detailOf = (code: ErrorCode): CodedBody => ({
  kind: 'detail',
  detail: message(code),
  extra: {},
});

/**
 * Every JSON error response, whichever code path sent it: its code(s) in `Error-Code` (and a
 * detail body's `code`), its messages in the language `Accept-Language` asks for. Done on
 * the serialized payload, so that errors sent straight from a route or a plugin are covered
 * too; only error responses pay for the re-parse. (The router's own errors skip the hooks:
 * app.ts calls `localizedErrorBody` itself.)
 */
async function localizeErrors(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  if (written.get(request) === payload) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
    return payload;
  }
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  const localized = localizedErrorBody(request, reply, body);
  return localized === null ? payload : JSON.stringify(localized);
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', localizeErrors);
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        await discardBody(request.raw);
        // What was not read (beyond the bounds) must not be read as the next request.
        return reply.code(413).header('Connection', 'close').send({ detail: error.message });
      }
      if (error instanceof HttpError) {
        reply.headers(error.headers);
        return sendCoded(request, reply, error.statusCode, error.coded);
      }
      if (error.validation) {
        // An id in the path that cannot exist is simply not found.
        if (error.validationContext === 'params') {
          return sendCoded(request, reply, 404, detailOf('notFound'));
        }
        const fields = validationToFieldErrors(error.validation as AjvError[]);
        return sendCoded(
          request,
          reply,
          400,
          fields !== null
            ? { kind: 'fields', fields }
            : detailOf(INVALID_PART[error.validationContext ?? ''] ?? 'invalidRequest'),
        );
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (malformed JSON, wrong content type, body too
        // large): their messages are written for clients and carry no internals.
        return reply.code(status).send({ detail: error.message });
      }
      if (error instanceof CommitOutcomeUnknownError) {
        // Not "nothing happened": the write may be there. A retry with the same
        // Idempotency-Key cannot write it twice (the key commits with the write).
        request.log.warn({ err: error }, 'database did not answer a commit');
        reply.header('Retry-After', UNAVAILABLE_RETRY_AFTER);
        return sendCoded(request, reply, 503, detailOf('writeMayHaveBeenSaved'));
      }
      if (isTransactionConflict(error)) {
        // Rolled back whole, twice: nothing was written, and a retry soon succeeds.
        request.log.warn({ err: error }, 'transaction conflict, retried once');
        reply.header('Retry-After', CONFLICT_RETRY_AFTER);
        return sendCoded(request, reply, 503, detailOf('serviceUnavailable'));
      }
      const deadline = error instanceof DeadlineExceededError;
      if (deadline || error instanceof DatabaseClosingError || isDatabaseUnavailable(error)) {
        // An outage, not a bug: tell the client to come back, and keep serving. Past its
        // deadline, the request's work was rolled back: a retry cannot write twice.
        request.log.warn(
          { err: error },
          deadline ? 'request deadline passed' : 'database unavailable',
        );
        reply.header('Retry-After', UNAVAILABLE_RETRY_AFTER);
        return sendCoded(request, reply, 503, detailOf('serviceUnavailable'));
      }
      request.log.error({ err: error }, 'request failed');
      return sendCoded(request, reply, 500, detailOf('internalError'));
    });

    app.setNotFoundHandler((request, reply) =>
      sendCoded(request, reply, 404, detailOf('notFound')),
    );
  },
  { name: 'errors' },
);
