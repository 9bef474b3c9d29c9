/**
 * Silences (migration 0023). A key's silence holds the hash its posts are stored with and
 * nothing reads it back out: the lists select what a silence was made from, never whose.
 */
import type { SilenceSource } from '@dating/contract';
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';

export interface NewSilence {
  userId: number | null;
  sessionHash: Buffer | null;
  sourceType: SilenceSource;
  sourceId: number;
  reason: string;
  days: number;
  createdBy: number | null;
}

/** The columns staff may see: never user_id or session_hash. */
const PUBLIC_COLUMNS = [
  'id',
  'source_type',
  'source_id',
  'reason',
  'days',
  'ends_at',
  'created_at',
] as const;

export function insertSilence(db: Executor, silence: NewSilence) {
  return db
    .insertInto('silences')
    .values({
      user_id: silence.userId,
      session_hash: silence.sessionHash,
      source_type: silence.sourceType,
      source_id: silence.sourceId,
      reason: silence.reason,
      days: silence.days,
      ends_at: sql<Date>`now() + make_interval(days => ${silence.days})`,
      created_by: silence.createdBy,
    })
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Every silence still running, the soonest to end first (claimed keys' copies go with theirs). */
export function listActiveSilences(db: Executor) {
  return db
    .selectFrom('silences')
    .select(PUBLIC_COLUMNS)
    .where('copied_from', 'is', null)
    .where('lifted_at', 'is', null)
    .where('ends_at', '>', sql<Date>`now()`)
    .orderBy('ends_at')
    .orderBy('id')
    .execute();
}

/** Ends a running silence now, with its copies; undefined when there is none with this id. */
export async function liftSilence(db: Executor, id: number) {
  const lifted = await db
    .updateTable('silences')
    .set({ lifted_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('copied_from', 'is', null)
    .where('lifted_at', 'is', null)
    .where('ends_at', '>', sql<Date>`now()`)
    .returning(PUBLIC_COLUMNS)
    .executeTakeFirst();
  if (lifted) {
    await db
      .updateTable('silences')
      .set({ lifted_at: sql<Date>`now()` })
      .where('copied_from', '=', id)
      .where('lifted_at', 'is', null)
      .execute();
  }
  return lifted;
}

/**
 * The running silence of an account or a key that ends last (the one that decides when
 * they may write again), or undefined.
 */
export function activeSilenceOf(
  db: Executor,
  who: { userId: number | null; sessionHash: Buffer | null },
) {
  let query = db
    .selectFrom('silences')
    .select(['reason', 'ends_at'])
    .where('lifted_at', 'is', null)
    .where('ends_at', '>', sql<Date>`now()`);
  if (who.userId !== null) query = query.where('user_id', '=', who.userId);
  else if (who.sessionHash !== null) query = query.where('session_hash', '=', who.sessionHash);
  else return Promise.resolve(undefined);
  return query.orderBy('ends_at', 'desc').limit(1).executeTakeFirst();
}

/**
 * A key claimed into an account: the account gets a copy of each of the key's running
 * silences (the key keeps its own, so writing with it anonymously stays refused).
 */
export async function copySilencesToUser(db: Executor, sessionHash: Buffer, userId: number) {
  await db
    .insertInto('silences')
    .columns([
      'user_id',
      'source_type',
      'source_id',
      'reason',
      'days',
      'ends_at',
      'created_by',
      'copied_from',
    ])
    .expression((eb) =>
      eb
        .selectFrom('silences')
        .select([
          eb.val(userId).as('user_id'),
          'source_type',
          'source_id',
          'reason',
          'days',
          'ends_at',
          'created_by',
          'id as copied_from',
        ])
        .where('session_hash', '=', sessionHash)
        .where('lifted_at', 'is', null)
        .where('ends_at', '>', sql<Date>`now()`),
    )
    .execute();
}

/**
 * Deletes the silences that ended (ran out, or were lifted) more than `days` days ago, with
 * their copies: nothing needs whom they silenced any more, and the moderation log keeps
 * that they happened.
 */
export async function purgeEndedSilences(db: Executor, days: number): Promise<number> {
  const result = await db
    .deleteFrom('silences')
    .where('copied_from', 'is', null)
    .where(
      sql<Date>`least(ends_at, coalesce(lifted_at, ends_at))`,
      '<=',
      sql<Date>`now() - make_interval(days => ${days})`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
