/**
 * Structured JSON logs. Every line of a request carries its id (`reqId`), which is also
 * returned as X-Request-Id. Logs never hold a secret or what would identify a visitor:
 * - headers are not logged (the X-Session-Id and Authorization headers least of all), and
 *   bodies never are; the paths below are redacted wherever they occur all the same;
 * - a request's URL keeps its path; its query is parsed, and only the API's own parameter
 *   names are kept, with only short paging values (`limit`, `sort`, `has_updates`): keys,
 *   tokens, cursors, search text, tags, user ids and groups are masked, in every spelling
 *   of their names (`session_id[]`, `search[0]`, `%73earch`);
 * - the client's IP address appears only as a hash with a salt that is random, kept in
 *   memory and changed every UTC day, so a day's lines can be grouped by client but nobody
 *   can recover the address or follow a client from one day to the next; `LOG_CLIENT_IP=true`
 *   logs the address itself (an operator's choice, for abuse investigations);
 * - database errors lose the fields in which PostgreSQL quotes row values.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { PageQuery, QuestionDetailQuery, QuestionListQuery } from '@dating/contract';
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

/**
 * The query parameters a logged URL names: the API's own (every query schema's), and a few
 * that secrets travel in by mistake. Any other name is logged as `[redacted]`, since a
 * client may put anything there, a key included.
 */
const KNOWN_PARAMETERS: ReadonlySet<string> = new Set([
  ...[QuestionListQuery, QuestionDetailQuery, PageQuery].flatMap((schema) =>
    Object.keys(schema.properties),
  ),
  'session_id',
  'token',
  'q',
]);
/**
 * The parameters whose values are logged: paging and ordering, which say nothing about who
 * someone is or what they looked for. Every other value is masked: keys, tokens, cursors,
 * search text, tags, user ids, gender and age groups, perspectives.
 */
const LOGGED_VALUES: ReadonlySet<string> = new Set(['limit', 'sort', 'has_updates']);
/** A logged value is short and plain: no key (22 characters at least) fits. */
const PLAIN_VALUE = /^[A-Za-z0-9_+-]{0,16}$/;
const REDACTED = '[redacted]';

/**
 * A parameter's name as the API reads it: case aside, and without the array or object
 * forms of other parsers (`session_id[]`, `search[0]`, `cursor.x` are `session_id`,
 * `search`, `cursor`), so that no spelling of a secret's name gets its value logged.
 */
const baseName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[[.].*$/s, '');

/** A name as logged: percent-encoded, but with its brackets readable. */
const shownName = (name: string) =>
  encodeURIComponent(name).replaceAll('%5B', '[').replaceAll('%5D', ']');

/**
 * The URL as logged: its path, and its query parsed into names and values (percent-decoded
 * as the API decodes them), each name known to the API with its value masked unless it is
 * a plain paging value.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const pairs = [...new URLSearchParams(url.slice(question + 1))].map(([name, value]) => {
    const base = baseName(name);
    if (!KNOWN_PARAMETERS.has(base)) return `${REDACTED}=${REDACTED}`;
    const shown = LOGGED_VALUES.has(base) && PLAIN_VALUE.test(value) ? value : REDACTED;
    return `${shownName(name)}=${shown}`;
  });
  return pairs.length === 0
    ? url.slice(0, question)
    : `${url.slice(0, question)}?${pairs.join('&')}`;
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
        // Undefined when the client reset the connection before the request was logged: Node
        // no longer knows the socket's peer (hashing it threw, and took the process down).
        const ip = request.ip as string | undefined;
        return {
          method: request.method,
          url: redactUrl(request.url),
          ...(config.logClientIp
            ? { remoteAddress: ip }
            : { client: ip === undefined ? null : addresses.hash(ip) }),
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
