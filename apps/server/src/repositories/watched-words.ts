/** Watched words (migration 0024), and what a post holding one leaves for moderators. */
import type { SystemReportSource, WatchedWordAction } from '@dating/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../db/connection.ts';
import { type ReportTarget, reportByNobody } from './reports.ts';

export function listWatchedWords(db: Executor) {
  return db
    .selectFrom('watched_words')
    .select(['id', 'word', 'action', 'created_at'])
    .orderBy('id')
    .execute();
}

/** The rules and the version they are at, read together. */
export async function readWatchedWords(db: Db) {
  return db.transaction().execute(async (tx) => {
    const version = await readWatchedWordsVersion(tx);
    return { version, rules: await listWatchedWords(tx) };
  });
}

export async function readWatchedWordsVersion(db: Executor) {
  const row = await db
    .selectFrom('watched_words_version')
    .select('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/** A new rule; undefined when one that folds alike is listed already. */
export function insertWatchedWord(
  db: Executor,
  rule: { word: string; folded: string; action: WatchedWordAction },
) {
  return db
    .insertInto('watched_words')
    .values(rule)
    .onConflict((oc) => oc.column('folded').doNothing())
    .returning(['id', 'word', 'action', 'created_at'])
    .executeTakeFirst();
}

export async function deleteWatchedWord(db: Executor, id: number) {
  const result = await db.deleteFrom('watched_words').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A report filed by the server, with no reporter; nothing when one of its kind is pending. */
export function insertSystemReport(
  db: Executor,
  target: ReportTarget,
  source: SystemReportSource,
  watchedWordId: number | null,
) {
  return db
    .insertInto('reports')
    .values({ ...reportByNobody(target), source, watched_word_id: watchedWordId })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Whether the post was put back in the queue as edited after hiding within a day. */
export async function requeuedToday(db: Executor, target: ReportTarget) {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where(target.type === 'question' ? 'question_id' : 'answer_id', '=', target.id)
    .where('source', '=', 'edited_after_hiding')
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
