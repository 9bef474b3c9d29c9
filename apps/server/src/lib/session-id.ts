/**
 * Anonymous session ids are bearer secrets: the database keeps only their SHA-256, and
 * admins see a short fingerprint of that hash, never the id.
 */
import { createHash } from 'node:crypto';

export function hashSessionId(sessionId: string): Buffer {
  return createHash('sha256').update(sessionId).digest();
}

export function sessionFingerprint(hash: Buffer | null): string | null {
  return hash === null ? null : hash.subarray(0, 4).toString('hex');
}
