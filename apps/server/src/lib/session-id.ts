/**
 * Anonymous session ids are bearer secrets: the database keeps only their SHA-256. Admins
 * see reporters as fingerprints scoped to the reported content (reporter-fingerprints.ts),
 * never the id or its hash.
 */
import { createHash } from 'node:crypto';

export function hashSessionId(sessionId: string): Buffer {
  return createHash('sha256').update(sessionId).digest();
}
