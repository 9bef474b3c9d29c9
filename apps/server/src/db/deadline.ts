/**
 * The request deadline, enforced where writes happen: in the database driver. A request
 * runs with a deadline (plugins/deadline.ts); any query made while serving it reads that
 * deadline from async context, so no route has to pass it along. Once it has passed:
 *
 * - no connection is handed out and no statement starts (DeadlineExceededError, 503);
 * - a transaction does not commit: Kysely rolls it back, and the client gets 503, never a
 *   write committed after it was told the request failed;
 * - on PostgreSQL, a statement that starts within the statement timeout of the deadline
 *   runs under a statement_timeout cut to the time left, so the server cancels it at the
 *   deadline (57014, also 503) instead of letting it commit later.
 *
 * Work outside a request (start-up, migrations, the CLI) has no deadline.
 *
 * The same driver refuses new work once the database is closing (shutdown), with an
 * error answered 503, so that nothing reaches a pool that is being ended.
 *
 * A COMMIT that was sent and got no answer (the connection dropped or stalled) may have
 * committed or not: it fails with CommitOutcomeUnknownError, answered 503 with a body
 * that says the write may have been saved, never as if nothing had happened. So does a
 * write made by one statement outside a transaction (`commitsAsItEnds`), which commits as
 * it ends.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { isConnectionLost, isTransactionConflict, wasNotSent } from './unavailable.ts';

/** When the work of one request must be done by (epoch ms); shutdown may bring it forward. */
export interface Deadline {
  at: number;
}

const current = new AsyncLocalStorage<Deadline>();
const writingAlone = new AsyncLocalStorage<true>();

/**
 * Runs `write`, a write whose statements run outside a transaction and so each commit as
 * it ends (a batch of likes, posts or replies in one statement): a statement of it whose
 * answer is lost after it was sent may have committed, and fails with
 * CommitOutcomeUnknownError, as a COMMIT would.
 */
export function commitsAsItEnds<T>(write: () => Promise<T>): Promise<T> {
  return writingAlone.run(true, write);
}

/** Runs `fn` (and everything it starts) under `deadline`. */
export function runWithDeadline<T>(deadline: Deadline, fn: () => T): T {
  return current.run(deadline, fn);
}

/**
 * Runs `fn` (and everything it starts) under no request's deadline: work of the process's
 * own (live events) that a request's callback happens to set off.
 */
export function withoutDeadline<T>(fn: () => T): T {
  return current.exit(fn);
}

export class DeadlineExceededError extends Error {
  readonly code = 'REQUEST_DEADLINE_EXCEEDED';
  constructor() {
    super('The request deadline passed before its database work was done.');
  }
}

/** The database is closing (shutdown): no new work is accepted. Answered 503. */
export class DatabaseClosingError extends Error {
  readonly code = 'DATABASE_CLOSING';
  constructor() {
    super('The database is closing.');
  }
}

/**
 * A COMMIT was sent and its answer never came: the write may have been saved. Answered
 * 503, with a body saying so.
 */
export class CommitOutcomeUnknownError extends Error {
  readonly code = 'COMMIT_OUTCOME_UNKNOWN';
  constructor(cause: unknown) {
    super('The database did not answer a COMMIT: it may or may not have committed.', { cause });
  }
}

function remainingMs(deadline: Deadline | undefined): number {
  return deadline === undefined ? Number.POSITIVE_INFINITY : deadline.at - Date.now();
}

/** The deadline of the work running now; undefined outside a request. */
export function currentDeadline(): Deadline | undefined {
  return current.getStore();
}

/** Time left to the deadline of the work running now; infinite outside a request. */
export function timeLeftMs(): number {
  return remainingMs(current.getStore());
}

function checkDeadline(deadline: Deadline | undefined) {
  if (remainingMs(deadline) <= 0) throw new DeadlineExceededError();
}

export interface DeadlineOptions {
  /**
   * The session's statement_timeout when the engine enforces one (PostgreSQL); undefined
   * when it cannot cancel a statement (PGlite), so only the checks between statements apply.
   */
  statementTimeoutMs: number | undefined;
  /** Set `closed` to refuse every new connection from then on. */
  gate: { closed: boolean };
  /**
   * Transaction pooling (PgBouncer's pool_mode=transaction): consecutive statements may run
   * on different server sessions, so nothing is set on a session. Every transaction starts
   * with these `SET LOCAL` statements (sent with its BEGIN, in one round trip), and a
   * statement outside a transaction is sent inside one of its own that sets them too.
   * Undefined when each connection is a session of its own, set up as it connects.
   */
  perTransaction?: string;
}

/**
 * Runs `attempt` again, once, when the database aborted it with a deadlock (40P01) or a
 * serialization failure (40001): PostgreSQL rolled all of its work back, and running it
 * again most often succeeds, the other transaction having gone through. A second failure
 * is answered 503 with Retry-After (plugins/errors.ts).
 */
export async function retryingConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isTransactionConflict(error)) throw error;
    return attempt();
  }
}

/** A connection handed out to one unit of work, under the deadline of its request. */
class DeadlineConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(
    readonly inner: DatabaseConnection,
    readonly deadline: Deadline | undefined,
    private readonly options: DeadlineOptions,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inTransactionQuery<R>(query);
    // A statement on its own is a transaction of its own, rolled back whole by a conflict.
    return retryingConflicts(() =>
      this.options.perTransaction === undefined
        ? this.aloneQuery<R>(query)
        : this.wrappedQuery<R>(query, this.options.perTransaction),
    );
  }

  /** The statement_timeout to set for the next statement: cut near the deadline, or null. */
  private cutTimeout(): number | null {
    const left = remainingMs(this.deadline);
    if (left <= 0) throw new DeadlineExceededError();
    const limit = this.options.statementTimeoutMs;
    if (limit === undefined || left >= limit) return null;
    return Math.max(1, Math.ceil(left));
  }

  private async inTransactionQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const ms = this.cutTimeout();
    if (ms !== null) {
      await this.inner.executeQuery(CompiledQuery.raw(`SET LOCAL statement_timeout = ${ms}`));
    }
    return this.send<R>(query);
  }

  /** A statement outside a transaction, on a connection that is a session of its own. */
  private async aloneQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const ms = this.cutTimeout();
    if (ms === null) return this.send<R>(query);
    // A statement on its own commits as it ends: it must end by the deadline too.
    await this.inner.executeQuery(CompiledQuery.raw(`SET statement_timeout = ${ms}`));
    try {
      return await this.send<R>(query);
    } finally {
      await this.inner.executeQuery(CompiledQuery.raw('RESET statement_timeout')).catch(() => {});
    }
  }

  /**
   * A statement outside a transaction, through a transaction pooler: sent in a transaction
   * of its own, so that the settings hold for it (and for nothing else). It commits at its
   * COMMIT, held to the deadline like any transaction's; a COMMIT whose answer is lost may
   * have committed a write.
   */
  private async wrappedQuery<R>(query: CompiledQuery, settings: string): Promise<QueryResult<R>> {
    const ms = this.cutTimeout();
    const cut = ms === null ? '' : `; SET LOCAL statement_timeout = ${ms}`;
    let result: QueryResult<R>;
    try {
      await this.inner.executeQuery(CompiledQuery.raw(`BEGIN; ${settings}${cut}`));
      result = await this.inner.executeQuery<R>(query);
      checkDeadline(this.deadline);
    } catch (error) {
      await this.inner.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => {});
      throw error;
    }
    try {
      await this.inner.executeQuery(CompiledQuery.raw('COMMIT'));
    } catch (error) {
      if (writingAlone.getStore() && isConnectionLost(error) && !wasNotSent(error)) {
        throw new CommitOutcomeUnknownError(error);
      }
      throw error;
    }
    return result;
  }

  /** The statement itself; a write that commits as it ends may have, if its answer is lost. */
  private async send<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      if (!this.inTransaction && writingAlone.getStore() && isConnectionLost(error)) {
        if (!wasNotSent(error)) throw new CommitOutcomeUnknownError(error);
      }
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    checkDeadline(this.deadline);
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

function unwrap(connection: DatabaseConnection): DeadlineConnection {
  if (!(connection instanceof DeadlineConnection)) throw new Error('not a deadline connection');
  return connection;
}

class DeadlineDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly options: DeadlineOptions,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.options.gate.closed) throw new DatabaseClosingError();
    const deadline = current.getStore();
    checkDeadline(deadline);
    const connection = await this.inner.acquireConnection();
    // The wait for a connection may have used up what was left.
    if (remainingMs(deadline) <= 0) {
      await this.inner.releaseConnection(connection);
      throw new DeadlineExceededError();
    }
    return new DeadlineConnection(connection, deadline, this.options);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = unwrap(connection);
    checkDeadline(c.deadline);
    const local = this.options.perTransaction;
    if (local === undefined) {
      await this.inner.beginTransaction(c.inner, settings);
    } else {
      let begin = 'BEGIN';
      if (settings.isolationLevel) begin += ` ISOLATION LEVEL ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
      try {
        await c.inner.executeQuery(CompiledQuery.raw(`${begin}; ${local}`));
      } catch (error) {
        // BEGIN may have gone through before a setting failed: leave no transaction open.
        await c.inner.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => {});
        throw error;
      }
    }
    c.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const c = unwrap(connection);
    // Throwing here makes Kysely roll the transaction back.
    checkDeadline(c.deadline);
    try {
      await this.inner.commitTransaction(c.inner);
    } catch (error) {
      if (isConnectionLost(error) && !wasNotSent(error)) throw new CommitOutcomeUnknownError(error);
      throw error;
    }
    c.inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const c = unwrap(connection);
    c.inTransaction = false;
    try {
      await this.inner.rollbackTransaction(c.inner);
    } catch (error) {
      // The connection is gone or stalled: PostgreSQL rolls back by itself as it goes, and
      // the failure that led here is the one to report (Kysely rethrows it after this).
      if (!isConnectionLost(error)) throw error;
    }
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.savepoint?.(unwrap(connection).inner, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.rollbackToSavepoint?.(unwrap(connection).inner, name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.releaseSavepoint?.(unwrap(connection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(unwrap(connection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** `dialect` with its driver held to the request deadline. */
export function withDeadlines(dialect: Dialect, options: DeadlineOptions): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new DeadlineDriver(dialect.createDriver(), options),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
