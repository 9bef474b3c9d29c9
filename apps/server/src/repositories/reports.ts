import type { CrisisCategory, ReportReason, SystemReportSource } from '@dating/contract';
import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import type { ReportContentRow } from '../db/rows.ts';

const REPORT_COLUMNS = [
  'reports.id',
  'reports.target_type',
  'reports.question_id',
  'reports.answer_id',
  'reports.reason',
  'reports.details',
  'reports.user_id',
  'reports.key_mac',
  'reports.status',
  'reports.created_at',
  'reports.reviewed_at',
  'reports.source',
  'reports.categories',
] as const;

export type ReportTarget = { type: 'question' | 'answer'; id: number };

export interface NewReport {
  target: ReportTarget;
  reason: ReportReason;
  details: string | null;
  userId: number | null;
  /** A key's report: its MAC for the target (lib/activity-macs.ts). */
  keyMac: Buffer | null;
  /** Where it came from, keyed per target (lib/reporter-networks.ts). */
  reporterNet: Buffer;
  /** Its reporter's accuracy subjects, sealed (lib/reporter-accuracy.ts). */
  reporterSeal: Buffer | null;
}

/**
 * A person's report; undefined when this reporter (user, or anonymous key) already
 * reported this target: the unique indexes of migration 0009 decide, so that parallel
 * repeats store one report.
 */
export function insertReport(db: Executor, r: NewReport) {
  return db
    .insertInto('reports')
    .values({
      target_type: r.target.type,
      question_id: r.target.type === 'question' ? r.target.id : null,
      answer_id: r.target.type === 'answer' ? r.target.id : null,
      reason: r.reason,
      details: r.details,
      user_id: r.userId,
      key_mac: r.keyMac,
      reporter_net: r.reporterNet,
      reporter_seal: r.reporterSeal,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(REPORT_COLUMNS)
    .executeTakeFirst();
}

/**
 * The columns of a report the server files of its own (a crisis flag, a watched word, an
 * edit after hiding): on `target`, with no reporter, who counts for nothing.
 */
export const reportByNobody = (target: ReportTarget) => ({
  target_type: target.type,
  question_id: target.type === 'question' ? target.id : null,
  answer_id: target.type === 'answer' ? target.id : null,
  reason: 'other' as const,
  details: null,
  user_id: null,
  key_mac: null,
});

/**
 * Flags a post about a crisis for moderators: a report with no reporter and the categories
 * recognised, unless one is pending already (then its categories are not changed).
 */
export function insertFlag(db: Executor, target: ReportTarget, categories: CrisisCategory[]) {
  return db
    .insertInto('reports')
    .values({ ...reportByNobody(target), source: 'automatic', categories })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const targetColumn = (target: ReportTarget) =>
  target.type === 'question' ? ('question_id' as const) : ('answer_id' as const);

/** A rejection keeps the content: the other pending reports of people on it close too. */
export function rejectPendingReports(db: Executor, target: ReportTarget) {
  return db
    .updateTable('reports')
    .set({ status: 'rejected', reviewed_at: new Date(), reporter_net: null })
    .where(targetColumn(target), '=', target.id)
    .where('status', '=', 'pending')
    .where('source', '=', 'reporter')
    .execute();
}

/** The queue's counts for the admin header. */
export async function pendingCounts(db: Executor) {
  const row = await db
    .selectFrom('reports')
    .select((eb) => [
      eb.fn.countAll<string>().as('pending'),
      sql<string>`count(*) FILTER (WHERE source = 'automatic')`.as('flagged'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), flagged: Number(row.flagged) };
}

/** Reports with their content joined in, so the moderation page needs no call per report. */
function reportsWithContent(db: Executor) {
  return db
    .selectFrom('reports')
    .leftJoin('questions', 'questions.id', 'reports.question_id')
    .leftJoin('answers', 'answers.id', 'reports.answer_id')
    .select([
      ...REPORT_COLUMNS,
      'questions.text as question_text',
      'answers.text as answer_text',
      'answers.question_id as answer_question_id',
      'answers.is_deleted as answer_is_deleted',
      'questions.hidden_at as question_hidden_at',
      'answers.hidden_at as answer_hidden_at',
    ]);
}

/**
 * Pending reports: crisis flags first, then people's reports, each oldest first. A page
 * after `afterId` continues from that report's place in this order (migration 0009's
 * queue index serves both).
 */
export function selectPendingReports(db: Executor, page: { limit: number; afterId?: number }) {
  const fromPeople = sql<boolean>`(reports.source = 'reporter')`;
  let query = reportsWithContent(db).where('reports.status', '=', 'pending');
  if (page.afterId !== undefined) {
    const afterId = page.afterId;
    const place = sql<boolean>`coalesce((SELECT r.source = 'reporter' FROM reports r WHERE r.id = ${afterId}), true)`;
    query = query.where(sql<boolean>`(${fromPeople}, reports.id) > (${place}, ${afterId})`);
  }
  return query
    .orderBy(fromPeople)
    .orderBy('reports.id')
    .limit(page.limit + 1);
}

export function listPendingReports(db: Executor, page: { limit: number; afterId?: number }) {
  return selectPendingReports(db, page).execute();
}

/**
 * Locks a report for review, and first the content it names: its question, then the
 * answer. Approving closes every pending report on the content and deletes it, so it
 * locks the content and then its reports; a review that locked its report first would
 * deadlock with a parallel approval of another report on the same content. In this order
 * reviews of one content wait for each other and then find their report already closed.
 * Returns the report as it stands once locked (its content may have gone meanwhile).
 */
export async function lockReportForReview(db: Executor, id: number) {
  const target = await db
    .selectFrom('reports')
    .leftJoin('answers', 'answers.id', 'reports.answer_id')
    .select(['reports.question_id', 'reports.answer_id', 'answers.question_id as of_question'])
    .where('reports.id', '=', id)
    .executeTakeFirst();
  if (!target) return undefined;
  const questionId = target.question_id ?? target.of_question;
  if (questionId !== null) {
    await db
      .selectFrom('questions')
      .select('id')
      .where('id', '=', questionId)
      .forUpdate()
      .execute();
  }
  if (target.answer_id !== null) {
    await db
      .selectFrom('answers')
      .select('id')
      .where('id', '=', target.answer_id)
      .forUpdate()
      .execute();
  }
  return db
    .selectFrom('reports')
    .select(REPORT_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findReport(db: Executor, id: number) {
  return reportsWithContent(db).where('reports.id', '=', id).executeTakeFirst();
}

/** Closes a report and every other pending report on the same content. */
export function closeReports(
  db: Executor,
  report: { id: number; question_id: number | null; answer_id: number | null },
  status: 'approved' | 'rejected' | 'acknowledged',
) {
  return db
    .updateTable('reports')
    .set({ status, reviewed_at: new Date(), reporter_net: null })
    .where((eb) => {
      const same = [eb('id', '=', report.id)];
      if (status === 'approved' && report.question_id !== null) {
        same.push(
          eb.and([eb('status', '=', 'pending'), eb('question_id', '=', report.question_id)]),
        );
      }
      if (status === 'approved' && report.answer_id !== null) {
        same.push(eb.and([eb('status', '=', 'pending'), eb('answer_id', '=', report.answer_id)]));
      }
      return eb.or(same);
    })
    .execute();
}

/** Approving a report on a question: pending reports on its answers go with it. */
export function closeReportsOnAnswersOf(db: Executor, questionId: number) {
  return db
    .updateTable('reports')
    .set({ status: 'approved', reviewed_at: new Date(), reporter_net: null })
    .where('status', '=', 'pending')
    .where('answer_id', 'in', (eb) =>
      eb.selectFrom('answers').select('id').where('question_id', '=', questionId),
    )
    .execute();
}

/** A group of the queue: the pending reports on one post, with the post joined in. */
export interface ReportGroupRow extends ReportContentRow {
  target_type: 'question' | 'answer';
  target_id: number | null;
  /** 0: the post is hidden by reports; 1: a crisis flag is pending; 2: the rest. */
  rank: number;
  first_id: number;
  first_at: Date;
  report_ids: number[];
  flag_id: number | null;
  categories: CrisisCategory[] | null;
  reasons: ReportReason[] | null;
  /** The server's own pending reports besides a crisis flag (migration 0024). */
  system: SystemReportSource[] | null;
  details: string[] | null;
}

/**
 * The queue grouped per post, worst first: posts hidden by people's reports, then posts
 * with a crisis flag, then the rest, each group by its oldest pending report. A report
 * whose content is gone is a group of its own. `after` continues after a group's place
 * (its rank and oldest report, which no other group shares).
 */
export async function listReportGroups(
  db: Executor,
  page: { limit: number; after?: { rank: number; firstId: number } },
): Promise<ReportGroupRow[]> {
  const after = page.after
    ? sql`WHERE (g.rank, g.first_id) > (${page.after.rank}, ${page.after.firstId})`
    : sql``;
  const { rows } = await sql<ReportGroupRow>`
    WITH pending AS (
      SELECT r.*, coalesce(r.question_id, r.answer_id) AS target_id,
        CASE WHEN r.question_id IS NULL AND r.answer_id IS NULL THEN r.id END AS orphan
      FROM reports r WHERE r.status = 'pending'
    ), grouped AS (
      SELECT target_type, target_id,
        min(id) AS first_id, min(created_at) AS first_at,
        array_agg(id ORDER BY id) AS report_ids,
        min(id) FILTER (WHERE source = 'automatic') AS flag_id,
        array_agg(reason ORDER BY id) FILTER (WHERE source = 'reporter') AS reasons,
        array_agg(DISTINCT source)
          FILTER (WHERE source NOT IN ('reporter', 'automatic')) AS system,
        (array_agg(details ORDER BY id DESC)
          FILTER (WHERE source = 'reporter' AND coalesce(details, '') <> ''))[1:5] AS details
      FROM pending GROUP BY target_type, target_id, orphan
    ), g AS (
      SELECT grouped.*,
        CASE WHEN coalesce(q.hidden_at, a.hidden_at) IS NOT NULL THEN 0
             WHEN grouped.flag_id IS NOT NULL THEN 1 ELSE 2 END AS rank,
        f.categories,
        q.text AS question_text, a.text AS answer_text, a.question_id AS answer_question_id,
        a.is_deleted AS answer_is_deleted, q.hidden_at AS question_hidden_at,
        a.hidden_at AS answer_hidden_at
      FROM grouped
      LEFT JOIN questions q ON grouped.target_type = 'question' AND q.id = grouped.target_id
      LEFT JOIN answers a ON grouped.target_type = 'answer' AND a.id = grouped.target_id
      LEFT JOIN reports f ON f.id = grouped.flag_id
    )
    SELECT * FROM g ${after}
    ORDER BY g.rank, g.first_id
    LIMIT ${page.limit + 1}`.execute(db);
  return rows;
}

/** The pending reports on a post, oldest first, locked (the post must be locked first). */
export function lockPendingReportsOn(db: Executor, target: ReportTarget) {
  return db
    .selectFrom('reports')
    .select(REPORT_COLUMNS)
    .where(targetColumn(target), '=', target.id)
    .where('status', '=', 'pending')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The oldest pending report on a post, if any (not locked). */
export function firstPendingReportOn(db: Executor, target: ReportTarget) {
  return db
    .selectFrom('reports')
    .select('id')
    .where(targetColumn(target), '=', target.id)
    .where('status', '=', 'pending')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Rejects every pending report on a post, people's and the crisis flag alike. */
export async function rejectAllPendingReports(db: Executor, target: ReportTarget) {
  const result = await db
    .updateTable('reports')
    .set({ status: 'rejected', reviewed_at: new Date(), reporter_net: null })
    .where(targetColumn(target), '=', target.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
