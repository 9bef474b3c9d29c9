/**
 * Transactions that the database aborts for a conflict with another one (a deadlock, a
 * serialization failure) run again, once, before the request fails (deadline.ts
 * `retryingConflicts`). A transaction's callback is the whole of its work: PostgreSQL
 * rolled all of it back, so running it again writes nothing twice. (Callbacks must keep
 * their effects outside the database, if any, for after the commit, as they do anyway
 * since a COMMIT can fail.)
 */
import { Kysely, type TransactionBuilder } from 'kysely';
import { retryingConflicts } from './deadline.ts';

function retrying<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const execute = builder.execute.bind(builder);
  const setIsolationLevel = builder.setIsolationLevel.bind(builder);
  const setAccessMode = builder.setAccessMode.bind(builder);
  return Object.assign(builder, {
    execute: ((callback) => retryingConflicts(() => execute(callback))) as typeof execute,
    setIsolationLevel: ((level) => retrying(setIsolationLevel(level))) as typeof setIsolationLevel,
    setAccessMode: ((mode) => retrying(setAccessMode(mode))) as typeof setAccessMode,
  });
}

/** Kysely whose `transaction().execute(callback)` runs `callback` again after a conflict. */
export class RetryingKysely<DB> extends Kysely<DB> {
  override transaction(): TransactionBuilder<DB> {
    return retrying(super.transaction());
  }
}
