/**
 * Auto-hide by weighed reporters (lib/reporter-accuracy.ts): each network counts once, at the
 * weight of its most trusted reporter on the post, and the post hides when the weights add
 * up to MODERATION_AUTOHIDE. A report without a seal (filed before migration 0024, or by
 * nobody known) weighs 1, as every report did before.
 */
import type { Executor } from '../db/connection.ts';
import {
  type Accuracy,
  type ReporterAccuracy,
  WEIGHT_MAX,
  WEIGHT_MIN,
  weightOf,
} from '../lib/reporter-accuracy.ts';
import {
  accuracyOf,
  addToAccuracy,
  pendingReportsToWeigh,
  takeReviewedSeals,
} from '../repositories/reporter-accuracy.ts';
import type { ReportTarget } from '../repositories/reports.ts';

/** How many reviewed reports one settling counts at most (the rest wait for the next). */
const SETTLE_BATCH = 50;

/**
 * Counts the outcomes of reports reviewed since the last settling into their reporters'
 * accuracy, and clears their seals. Run as a report is filed, before its transaction locks
 * the reported post, so the weights are current: one statement when nothing was reviewed
 * since (seals held by another transaction are skipped, not waited for).
 */
export async function settleReviewedReports(db: Executor, accuracy: ReporterAccuracy) {
  const taken = await takeReviewedSeals(db, SETTLE_BATCH);
  if (taken.length === 0) return;
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

/** The reason most of the reports give (ties: the first given), or null for none. */
function commonestReason(reports: readonly { id: number; reason: string }[]): string | null {
  const counts = new Map<string, number>();
  for (const report of [...reports].sort((a, b) => a.id - b.id)) {
    counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [reason, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = reason;
  return best;
}

/**
 * The weighed count of the people whose reports on `target` are pending, and the reason most
 * of them give (what its author is told when it hides).
 */
export async function weighedReporters(
  db: Executor,
  accuracy: ReporterAccuracy,
  target: ReportTarget,
  threshold: number,
): Promise<{ weight: number; reason: string | null }> {
  const reports = await pendingReportsToWeigh(db, target);
  const reason = commonestReason(reports);
  // The count alone decides when no weight could change the outcome: too few networks at
  // the highest weight, or enough at the lowest.
  const networks = new Set(reports.map((r) => r.reporter_net?.toString('hex') ?? `r${r.id}`));
  if (networks.size * WEIGHT_MAX < threshold || networks.size * WEIGHT_MIN >= threshold) {
    return { weight: networks.size, reason };
  }
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
  let weight = 0;
  for (const one of byNetwork.values()) weight += one;
  return { weight, reason };
}
