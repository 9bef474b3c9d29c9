/**
 * Telling "the database cannot serve right now" apart from every other failure, so the
 * error handler answers 503 (try again) for an outage and 500 for a bug.
 */

/** What node-postgres says of a client it will not send a statement on. */
export const NOT_QUERYABLE = [
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
] as const;

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
 * SQLSTATEs of an outage: 57P03 cannot connect now (starting up, shutting down, in
 * recovery), 53300 too many connections, 57014 query canceled, which is what the
 * statement_timeout raises when the database cannot answer in time, 55P03
 * lock_not_available, what lock_timeout raises when a row or table stays locked by other
 * work (try again shortly, as for a statement that took too long), and 3D000
 * invalid_catalog_name: the configured database is not there (renamed or dropped under
 * the server, or not restored yet), which an operator fixes without a new release.
 */
const OUTAGE_SQLSTATES = new Set(['57P03', '53300', '57014', '55P03', '3D000']);

/** SQLSTATEs that end the session: 57P01 admin shutdown, 57P02 crash shutdown. */
const SESSION_ENDED_SQLSTATES = new Set(['57P01', '57P02']);

/** What node-postgres says when a connection dies, never comes, or stops answering. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  NOT_QUERYABLE[0],
  NOT_QUERYABLE[1],
];

function codeOf(error: object): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function messageOf(error: object): string {
  return 'message' in error && typeof error.message === 'string' ? error.message : '';
}

/** The connection itself failed: gone, unreachable, or silent past the client's timeout. */
function isLostConnection(error: object): boolean {
  const code = codeOf(error);
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || SESSION_ENDED_SQLSTATES.has(code)) return true;
    // A Unix socket that is gone (the embedded database's worker stopped).
    if (code === 'ENOENT' && 'syscall' in error && error.syscall === 'connect') return true;
    // A five-character SQLSTATE of class 08.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = messageOf(error);
  return DRIVER_MESSAGES.some((m) => message.startsWith(m));
}

function isOutage(error: object): boolean {
  const code = codeOf(error);
  return (code !== undefined && OUTAGE_SQLSTATES.has(code)) || isLostConnection(error);
}

/** True when `error`, its cause or any error of an AggregateError satisfies `test`. */
function anywhereIn(error: unknown, test: (error: object) => boolean, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (test(error)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => anywhereIn(e, test, depth + 1))) {
    return true;
  }
  return 'cause' in error && anywhereIn(error.cause, test, depth + 1);
}

/**
 * True when `error` (or its cause, or any error of an AggregateError, as Node raises when
 * every address of a host refuses) says the database is unreachable or not answering.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anywhereIn(error, isOutage);
}

/**
 * True when the connection an error came from is gone or stalled, as opposed to a
 * statement the database refused on a connection that still works: after a statement was
 * sent, its outcome is then unknown.
 */
export function isConnectionLost(error: unknown): boolean {
  return anywhereIn(error, isLostConnection);
}

/** True when the statement was never sent: the client was already broken or closed. */
export function wasNotSent(error: unknown): boolean {
  return anywhereIn(error, (e) => NOT_QUERYABLE.some((m) => messageOf(e).startsWith(m)));
}

/**
 * SQLSTATEs of a transaction the database aborted because of another one, through no
 * fault of its own: 40P01 deadlock_detected and 40001 serialization_failure. Its work was
 * rolled back whole, and the same work a moment later most often succeeds: it is retried
 * once (deadline.ts `retryingConflicts`), then answered 503 with Retry-After.
 */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/** True when `error` (or its cause) is a deadlock or a serialization failure. */
export function isTransactionConflict(error: unknown): boolean {
  return anywhereIn(error, (e) => CONFLICT_SQLSTATES.has(codeOf(e) ?? ''));
}
