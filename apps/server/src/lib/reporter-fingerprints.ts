/**
 * What an admin sees of a reporter: a fingerprint of (reporter, reported content) keyed
 * with a server secret. Two reports of one target by one reporter look alike, so an admin
 * can tell a pile-on from one person repeating; reports of different targets never share a
 * fingerprint, so nobody can follow a reporter (or a tab) across the site. Without the key,
 * a fingerprint cannot be matched to a session or a user, not even by someone holding both.
 */
import { createHmac, hkdfSync } from 'node:crypto';

export interface ReporterOfTarget {
  /** The report itself: the fallback target once the content is gone. */
  id: number;
  user_id: number | null;
  /** A key's report: already a MAC per key and target (lib/activity-macs.ts). */
  key_mac: Buffer | null;
  question_id: number | null;
  answer_id: number | null;
}

/** 48 bits: a chance collision between two reporters of one target is negligible. */
const FINGERPRINT_HEX = 12;

export class ReporterFingerprints {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    // A key of its own, so a fingerprint says nothing about the token signing key.
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'reporter-fingerprint/v1', 32));
  }

  of(report: ReporterOfTarget): string | null {
    const reporter =
      report.user_id !== null
        ? `user:${report.user_id}`
        : report.key_mac !== null
          ? `key:${report.key_mac.toString('hex')}`
          : null;
    if (reporter === null) return null;
    const target =
      report.question_id !== null
        ? `question:${report.question_id}`
        : report.answer_id !== null
          ? `answer:${report.answer_id}`
          : `report:${report.id}`;
    return createHmac('sha256', this.key)
      .update(`${reporter}\n${target}`)
      .digest('hex')
      .slice(0, FINGERPRINT_HEX);
  }
}
