/**
 * Telling "the database cannot serve right now" apart from every other failure, so the
 * error handler answers 503 (try again) for an outage and 500 for a bug.
 */

/** Socket errors: the server is down, restarting, unreachable, or dropped us. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an outage: class 08 (connection exception), 57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down, in
 * recovery), 53300 too many connections, and 57014 query canceled, which is what the
 * statement_timeout raises when the database cannot answer in time, and 3D000
 * invalid_catalog_name: the configured database is not there (renamed or dropped under
 * the server, or not restored yet), which an operator fixes without a new release.
 */
const OUTAGE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '3D000']);

/** What node-postgres says when a connection dies or never comes. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isOutage(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || OUTAGE_SQLSTATES.has(code)) return true;
    // A Unix socket that is gone (the embedded database's worker stopped).
    if (code === 'ENOENT' && 'syscall' in error && error.syscall === 'connect') return true;
    // A five-character SQLSTATE of class 08.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return DRIVER_MESSAGES.some((m) => message.startsWith(m));
}

/**
 * True when `error` (or its cause, or any error of an AggregateError, as Node raises when
 * every address of a host refuses) says the database is unreachable or not answering.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (isOutage(error)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  ) {
    return true;
  }
  return 'cause' in error && isDatabaseUnavailable(error.cause, depth + 1);
}
