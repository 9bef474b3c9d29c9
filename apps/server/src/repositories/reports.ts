import type { ReportReason } from '@dating/contract';
import type { Executor } from '../db/connection.ts';

const REPORT_COLUMNS = [
  'reports.id',
  'reports.target_type',
  'reports.question_id',
  'reports.answer_id',
  'reports.reason',
  'reports.details',
  'reports.session_hash',
  'reports.status',
  'reports.created_at',
  'reports.reviewed_at',
] as const;

export interface NewReport {
  target: { type: 'question' | 'answer'; id: number };
  reason: ReportReason;
  details: string | null;
  userId: number | null;
  sessionHash: Buffer | null;
}

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
      session_hash: r.sessionHash,
    })
    .returning(REPORT_COLUMNS)
    .executeTakeFirstOrThrow();
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
    ]);
}

/** Pending reports, oldest first. */
export function selectPendingReports(db: Executor, page: { limit: number; afterId?: number }) {
  let query = reportsWithContent(db).where('reports.status', '=', 'pending');
  if (page.afterId !== undefined) query = query.where('reports.id', '>', page.afterId);
  return query.orderBy('reports.id').limit(page.limit + 1);
}

export function listPendingReports(db: Executor, page: { limit: number; afterId?: number }) {
  return selectPendingReports(db, page).execute();
}

export function findReportForUpdate(db: Executor, id: number) {
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
  status: 'approved' | 'rejected',
) {
  return db
    .updateTable('reports')
    .set({ status, reviewed_at: new Date() })
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
    .set({ status: 'approved', reviewed_at: new Date() })
    .where('status', '=', 'pending')
    .where('answer_id', 'in', (eb) =>
      eb.selectFrom('answers').select('id').where('question_id', '=', questionId),
    )
    .execute();
}
