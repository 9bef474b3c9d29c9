/**
 * Structured JSON logs. Every line of a request carries its id (`reqId`), which is also
 * returned as X-Request-Id. Secrets never reach a log: headers are not logged except by
 * name here, bodies are never logged, and the paths below are redacted wherever they occur.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-session-id"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password2',
  '*.access',
  '*.refresh',
  '*.session_id',
  '*.token',
];

export function loggerOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Request ids: a trusted proxy's X-Request-Id when it looks like one (so one id follows a
 * request across services), otherwise a new UUID.
 */
export function requestIdOptions(
  trustProxy: Config['trustProxy'],
): Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'> {
  return {
    requestIdHeader: false,
    genReqId: (request) => {
      const header = request.headers['x-request-id'];
      const trusted = trustProxy !== false && typeof header === 'string' && REQUEST_ID.test(header);
      return trusted ? header : randomUUID();
    },
  };
}
