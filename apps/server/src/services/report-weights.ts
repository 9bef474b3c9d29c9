/**
 * Auto-hide by weighed reporters (lib/reporter-accuracy.ts): each network counts once, at the
 * weight of its most trusted reporter on the post, and the post hides when the weights add
 * up to MODERATION_AUTOHIDE. A report without a seal (filed before migration 0024, or by
 * nobody known) weighs 1, as every report did before.
 */
import type { Db, Executor } from '../db/connection.ts';
import {
  type Accuracy,
  type ReporterAccuracy,
  WEIGHT_MAX,
  weightOf,
} from '../lib/reporter-accuracy.ts';
import {
  accuracyOf,
  addToAccuracy,
  hasReviewedSeals,
  pendingReportsToWeigh,
  takeReviewedSeals,
} from '../repositories/reporter-accuracy.ts';
import type { ReportTarget } from '../repositories/reports.ts';

/** How many reviewed reports one settling counts at most (the rest wait for the next). */
const SETTLE_BATCH = 50;

/**
 * Counts the outcomes of reports reviewed since the last settling into their reporters'
 * accuracy, and clears their seals, in a transaction of its own. Run before a report is
 * filed (not inside its transaction, which holds the reported post's lock), so the weights
 * are current; one look on a partial index when nothing was reviewed since.
 */
export async function settleReviewedReports(db: Db, accuracy: ReporterAccuracy) {
  if (!(await hasReviewedSeals(db))) return;
  await db.transaction().execute((tx) => settleIn(tx, accuracy));
}

async function settleIn(db: Executor, accuracy: ReporterAccuracy) {
  const taken = await takeReviewedSeals(db, SETTLE_BATCH);
  const counts = new Map<string, Accuracy>();
  for (const row of taken) {
    // Closed otherwise than approved or rejected: it says nothing of the reporter.
    if (row.status !== 'approved' && row.status !== 'rejected') continue;
    const subjects = accuracy.open(row.reporter_seal);
    if (subjects === null) continue;
    for (const subject of [subjects.identity, subjects.network]) {
      const hex = subject.toString('hex');
      const count = counts.get(hex) ?? { approved: 0, rejected: 0 };
      count[row.status] += 1;
      counts.set(hex, count);
    }
  }
  await addToAccuracy(db, counts);
}

/** The weighed count of the people whose reports on `target` are pending. */
export async function weighedReporters(
  db: Executor,
  accuracy: ReporterAccuracy,
  target: ReportTarget,
  threshold: number,
): Promise<number> {
  const reports = await pendingReportsToWeigh(db, target);
  // Too few networks to reach any threshold at the highest weight: no need for the counts.
  const networks = new Set(reports.map((r) => r.reporter_net?.toString('hex') ?? `r${r.id}`));
  if (networks.size * WEIGHT_MAX < threshold) return networks.size;
  const opened = reports.map((report) => ({
    report,
    subjects: report.reporter_seal === null ? null : accuracy.open(report.reporter_seal),
  }));
  const counts = await accuracyOf(
    db,
    opened.flatMap(({ subjects }) => (subjects ? [subjects.identity, subjects.network] : [])),
  );
  const byNetwork = new Map<string, number>();
  for (const { report, subjects } of opened) {
    const weight =
      subjects === null
        ? 1
        : Math.min(
            weightOf(counts.get(subjects.identity.toString('hex'))),
            weightOf(counts.get(subjects.network.toString('hex'))),
          );
    const network = report.reporter_net?.toString('hex') ?? `report:${report.id}`;
    byNetwork.set(network, Math.max(byNetwork.get(network) ?? 0, weight));
  }
  let total = 0;
  for (const weight of byNetwork.values()) total += weight;
  return total;
}
