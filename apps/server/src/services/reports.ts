/**
 * Filing a report: one per reporter and target, never of one's own post, counted for
 * auto-hide (services/moderation.ts) in the same transaction. The target stays locked
 * until the report is in and counted, so a delete cannot slip between the check and the
 * insert, and parallel reports of one target are counted one after the other.
 */
import type { ReportReason } from '@dating/contract';
import { isOwner, requireAuthor, type Viewer } from '../auth/identity.ts';
import type { Db, WriteClaim } from '../db/connection.ts';
import { badRequest, notFound } from '../lib/http-errors.ts';
import type { ReporterAccuracy } from '../lib/reporter-accuracy.ts';
import type { ReportRow } from '../presenters/reports.ts';
import { findAnswerForChange } from '../repositories/answers.ts';
import { findQuestionForUpdate } from '../repositories/questions.ts';
import { insertReport } from '../repositories/reports.ts';
import { hideIfReportedEnough } from './moderation.ts';
import { settleReviewedReports } from './report-weights.ts';

/** The reporter's accuracy subjects, sealed for the report to carry until reviewed. */
function sealOf(accuracy: ReporterAccuracy, viewer: Viewer, address: string) {
  const subjects = accuracy.subjectsOf(
    { userId: viewer.user?.id ?? null, sessionHash: viewer.sessionHash },
    address,
  );
  return subjects === null ? null : accuracy.seal(subjects);
}

export type ReportTarget = { type: 'question' | 'answer'; id: number };

export interface ReportDeps {
  db: Db;
  /** How many people's reports hide an item (MODERATION_AUTOHIDE), weighed by accuracy. */
  autohide: number;
  accuracy: ReporterAccuracy;
}

export async function fileReport(
  deps: ReportDeps,
  viewer: Viewer,
  report: {
    target: ReportTarget;
    reason: ReportReason;
    details: string | null;
    /** The keyed hash of the reporter's network (lib/reporter-networks.ts). */
    reporterNet: Buffer;
    /** The client's address, for the reporter's accuracy (lib/reporter-accuracy.ts). */
    address: string;
  },
  key?: WriteClaim<ReportRow> | null,
): Promise<ReportRow> {
  const author = requireAuthor(viewer);
  const { target } = report;
  return deps.db.transaction().execute(async (tx) => {
    await key?.claim(tx);
    // Reviews since the last report reach their reporters' weights first.
    await settleReviewedReports(tx, deps.accuracy);
    const content =
      target.type === 'question'
        ? await findQuestionForUpdate(tx, target.id)
        : await findAnswerForChange(tx, target.id);
    if (!content || ('is_deleted' in content && content.is_deleted)) throw notFound();
    if (isOwner(viewer, content)) throw badRequest('reportOwnContent');
    const row = await insertReport(tx, {
      target,
      reason: report.reason,
      details: report.details,
      userId: author.userId,
      keyMac: author.activity?.of('report', target.type, target.id) ?? null,
      reporterNet: report.reporterNet,
      reporterSeal: sealOf(deps.accuracy, viewer, report.address),
    });
    if (!row) throw badRequest('alreadyReported');
    await hideIfReportedEnough(tx, target, deps.autohide, deps.accuracy);
    await key?.keep(tx, row);
    return row;
  });
}
