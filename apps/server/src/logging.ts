/**
 * Structured JSON logs. Every line of a request carries its id (`reqId`), which is also
 * returned as X-Request-Id. Logs never hold a secret or what would identify a visitor:
 * - headers are not logged (the X-Session-Id and Authorization headers least of all), and
 *   bodies never are; the paths below are redacted wherever they occur all the same;
 * - a request's URL keeps its path, and the values of the query parameters that carry
 *   secrets or what someone looked for (`session_id`, `cursor`, `search`, `q`, `token`) are
 *   masked;
 * - the client's IP address appears only as a hash with a salt that is random, kept in
 *   memory and changed every UTC day, so a day's lines can be grouped by client but nobody
 *   can recover the address or follow a client from one day to the next; `LOG_CLIENT_IP=true`
 *   logs the address itself (an operator's choice, for abuse investigations);
 * - database errors lose the fields in which PostgreSQL quotes row values.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
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

/** Query parameters whose values never reach a log. */
export const MASKED_QUERY_PARAMETERS = ['session_id', 'cursor', 'search', 'q', 'token'];
const MASK = 'redacted';

/** The URL as logged: its path, and its query with the masked parameters' values replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const name of new Set(params.keys())) {
    if (MASKED_QUERY_PARAMETERS.includes(name.toLowerCase())) params.set(name, MASK);
  }
  const query = params.toString().replaceAll(`=${MASK}`, '=[redacted]');
  return `${url.slice(0, question)}${query === '' ? '' : `?${query}`}`;
}

/** Hashes client addresses with a salt that lives in memory and changes every UTC day. */
export class DailyAddressHasher {
  private day = '';
  private salt = Buffer.alloc(0);

  constructor(private readonly now: () => Date = () => new Date()) {}

  hash(address: string): string {
    const today = this.now().toISOString().slice(0, 10);
    if (today !== this.day) {
      this.day = today;
      this.salt = randomBytes(32);
    }
    return createHmac('sha256', this.salt).update(address).digest('hex').slice(0, 16);
  }
}

/**
 * An error as logged: what it is and where it came from. PostgreSQL's errors also carry
 * fields that quote row values (`detail`: "Key (x)=(...) already exists"); those stay out.
 */
function serializeError(error: Error): {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
} {
  const { code, constraint, table, routine } = error as Error & Record<string, unknown>;
  return {
    type: error.constructor?.name ?? 'Error',
    message: error.message,
    stack: error.stack ?? '',
    ...(code === undefined ? {} : { code }),
    ...(constraint === undefined ? {} : { constraint }),
    ...(table === undefined ? {} : { table }),
    ...(routine === undefined ? {} : { routine }),
  };
}

export function loggerOptions(config: Pick<Config, 'logLevel' | 'logClientIp'>) {
  const addresses = new DailyAddressHasher();
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          ...(config.logClientIp
            ? { remoteAddress: request.ip }
            : { client: addresses.hash(request.ip) }),
        };
      },
      err: serializeError,
    },
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
