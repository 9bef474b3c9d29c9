/** The moderation log, hiding content while it is reviewed, and what deleted content was. */
import type { ContentSnapshot, ModerationAction, StaffRole } from '@dating/contract';
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import type { ErasureLogCounts } from '../db/schema.ts';
import type { ReportTarget } from './reports.ts';

export interface NewLogEntry {
  action: ModerationAction;
  adminId: number | null;
  /** The role the actor acted in (null: the server's own action). */
  role?: StaffRole | null;
  /** A silence's length in days. */
  days?: number | null;
  /** The target's id is null for a report reviewed after its content was gone. */
  target: { type: ReportTarget['type'] | 'account'; id: number | null };
  questionId: number | null;
  reportId?: number | null;
  note?: string | null;
  snapshot?: ContentSnapshot | null;
}

export function insertLogEntry(db: Executor, entry: NewLogEntry) {
  return db
    .insertInto('moderation_log')
    .values({
      action: entry.action,
      admin_id: entry.adminId,
      actor_role: entry.role ?? null,
      days: entry.days ?? null,
      target_type: entry.target.type,
      target_id: entry.target.id,
      question_id: entry.questionId,
      report_id: entry.reportId ?? null,
      note: entry.note ?? null,
      snapshot: entry.snapshot ? JSON.stringify(entry.snapshot) : null,
    })
    .execute();
}

/**
 * A person took their data down: logged as how much went, and nothing else (no target, no
 * text, no author; migration 0021 holds the row to that).
 */
export function insertErasureLogEntry(
  db: Executor,
  action: 'delete_account' | 'anonymize_account' | 'erase_key',
  counts: ErasureLogCounts,
) {
  return db
    .insertInto('moderation_log')
    .values({
      action,
      admin_id: null,
      target_type: action === 'erase_key' ? 'key' : 'account',
      target_id: null,
      question_id: null,
      report_id: null,
      note: null,
      snapshot: null,
      counts: JSON.stringify(counts),
    })
    .execute();
}

/** One page of the log, newest first, with each admin's name (keyset on the id). */
export function selectLogPage(db: Executor, page: { limit: number; beforeId?: number }) {
  let query = db
    .selectFrom('moderation_log')
    .leftJoin('users', 'users.id', 'moderation_log.admin_id')
    .select([
      'moderation_log.id',
      'moderation_log.action',
      'moderation_log.admin_id',
      'users.username as admin_username',
      'moderation_log.target_type',
      'moderation_log.target_id',
      'moderation_log.question_id',
      'moderation_log.report_id',
      'moderation_log.note',
      'moderation_log.snapshot',
      'moderation_log.counts',
      'moderation_log.actor_role',
      'moderation_log.days',
      'moderation_log.created_at',
    ]);
  if (page.beforeId !== undefined) query = query.where('moderation_log.id', '<', page.beforeId);
  return query.orderBy('moderation_log.id', 'desc').limit(page.limit + 1);
}

export function listLogPage(db: Executor, page: { limit: number; beforeId?: number }) {
  return selectLogPage(db, page).execute();
}

const tableOf = (target: ReportTarget) =>
  target.type === 'question' ? ('questions' as const) : ('answers' as const);

/**
 * Hides content until it is reviewed (saying why, for its author: migration 0024), or shows
 * it again; true when that changed anything. Hiding an answer bumps its thread's version
 * (the answers' trigger, migration 0003).
 */
export async function setHidden(
  db: Executor,
  target: ReportTarget,
  hidden: boolean,
  reason: string | null = null,
) {
  const result = await db
    .updateTable(tableOf(target))
    .set({ hidden_at: hidden ? new Date() : null, hidden_reason: hidden ? reason : null })
    .where('id', '=', target.id)
    .where('hidden_at', hidden ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Questions and answers hidden now (partial indexes of migration 0009). */
export async function countHidden(db: Executor) {
  const { rows } = await sql<{ n: string }>`
    SELECT (SELECT count(*) FROM questions WHERE hidden_at IS NOT NULL)
         + (SELECT count(*) FROM answers WHERE hidden_at IS NOT NULL) AS n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** What the log keeps of a question about to be deleted, before its text is cleaned. */
export function findQuestionForSnapshot(db: Executor, id: number) {
  return db
    .selectFrom('questions')
    .select([
      'id',
      'search_text as text',
      'gender',
      'age_range',
      'likes',
      'answer_count',
      'created_at',
      sql<
        string[]
      >`array(SELECT t.name FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = questions.id ORDER BY t.name)`.as(
        'tags',
      ),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What the log keeps of an answer about to be deleted; undefined for a placeholder. */
export function findAnswerForSnapshot(db: Executor, id: number) {
  return db
    .selectFrom('answers')
    .select(['id', 'question_id', 'text', 'gender', 'age_range', 'likes', 'created_at'])
    .where('id', '=', id)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}

/** The question of a target's thread: the target itself, or the answer's question. */
export async function questionOfTarget(db: Executor, target: ReportTarget) {
  if (target.type === 'question') return target.id;
  const row = await db
    .selectFrom('answers')
    .select('question_id')
    .where('id', '=', target.id)
    .executeTakeFirst();
  return row?.question_id;
}

/**
 * Who wrote a live post (not a "[deleted]" placeholder), and its question; null when there
 * is none. What a moderation notice is addressed by.
 */
export async function findPostAuthor(db: Executor, target: ReportTarget) {
  const row =
    target.type === 'question'
      ? await db
          .selectFrom('questions')
          .select(['id as question_id', 'user_id', 'session_hash'])
          .where('id', '=', target.id)
          .executeTakeFirst()
      : await db
          .selectFrom('answers')
          .select(['question_id', 'user_id', 'session_hash'])
          .where('id', '=', target.id)
          .where('is_deleted', '=', false)
          .executeTakeFirst();
  if (!row) return null;
  return {
    ...target,
    questionId: row.question_id,
    user_id: row.user_id,
    session_hash: row.session_hash,
  };
}
