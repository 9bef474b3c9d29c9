/**
 * Reports that count as much as they are worth (Discourse's flag accuracy): a reporter whose
 * past reports moderators mostly rejected counts less toward auto-hide, one whose reports
 * they mostly approved counts more.
 *
 * What is counted: approved and rejected reports per subject, a keyed hash (HMAC under a key
 * of its own, derived from the server secret) of the reporter's identity (an account, or a
 * key by its hash) and, apart, of their network (lib/reporter-networks.ts `networkOf`). The
 * table holds subjects and counts only (migration 0024): no target, no report, no time.
 *
 * How a review reaches the counts: a pending report carries its reporter's two subjects
 * sealed (AES-256-GCM under another key of the secret, a fresh random nonce each), so that
 * two reports of one reporter share no value in the database, and nobody without the secret
 * can tell whose a report is or join it to the counts. Once reviewed, its seal is opened,
 * the counts take the outcome, and the seal is cleared.
 *
 * A reporter's weight is the lesser of their identity's and their network's:
 * clamp((approved + 1) / (rejected + 1), 0.5, 2). A fresh key on a network whose reports
 * were rejected counts little; trust is earned by both.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { networkOf } from './reporter-networks.ts';

/** 128 bits: two reporters sharing counts by chance is out of reach. */
const SUBJECT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export const WEIGHT_MIN = 0.5;
export const WEIGHT_MAX = 2;

export interface Accuracy {
  approved: number;
  rejected: number;
}

/** Discourse-like flag accuracy: rejected reports weigh a reporter down, approved ones up. */
export function weightOf(counts: Accuracy | undefined): number {
  if (counts === undefined) return 1;
  const ratio = (counts.approved + 1) / (counts.rejected + 1);
  return Math.min(WEIGHT_MAX, Math.max(WEIGHT_MIN, ratio));
}

export interface ReporterSubjects {
  identity: Buffer;
  network: Buffer;
}

export class ReporterAccuracy {
  private readonly hashKey: Buffer;
  private readonly sealKey: Buffer;

  constructor(serverSecret: string) {
    this.hashKey = Buffer.from(hkdfSync('sha256', serverSecret, '', 'reporter-accuracy/v1', 32));
    this.sealKey = Buffer.from(
      hkdfSync('sha256', serverSecret, '', 'reporter-accuracy-seal/v1', 32),
    );
  }

  private hash(value: string): Buffer {
    return createHmac('sha256', this.hashKey).update(value).digest().subarray(0, SUBJECT_BYTES);
  }

  /** The subjects of a reporter: an account (`userId`) or a key (its hash), and an address. */
  subjectsOf(
    reporter: { userId: number | null; sessionHash: Buffer | null },
    address: string,
  ): ReporterSubjects | null {
    const identity =
      reporter.userId !== null
        ? `user:${reporter.userId}`
        : reporter.sessionHash !== null
          ? `key:${reporter.sessionHash.toString('hex')}`
          : null;
    if (identity === null) return null;
    return { identity: this.hash(identity), network: this.hash(`net:${networkOf(address)}`) };
  }

  seal(subjects: ReporterSubjects): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, nonce);
    const body = Buffer.concat([
      cipher.update(Buffer.concat([subjects.identity, subjects.network])),
      cipher.final(),
    ]);
    return Buffer.concat([nonce, cipher.getAuthTag(), body]);
  }

  /** The subjects a seal holds; null for one this secret did not make. */
  open(sealed: Buffer): ReporterSubjects | null {
    if (sealed.length !== NONCE_BYTES + TAG_BYTES + 2 * SUBJECT_BYTES) return null;
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        this.sealKey,
        sealed.subarray(0, NONCE_BYTES),
      );
      decipher.setAuthTag(sealed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(sealed.subarray(NONCE_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
      return {
        identity: plain.subarray(0, SUBJECT_BYTES),
        network: plain.subarray(SUBJECT_BYTES),
      };
    } catch {
      // Sealed under another secret (the secret was changed): it counts as a newcomer.
      return null;
    }
  }
}
