/**
 * The shapes repositories read and write that more than one layer names. They live with
 * the database, below the layers that use them, so a repository never imports upward
 * (from auth, services or presenters) for a type.
 */
import type { AgeRange, Gender } from '@dating/contract';
import type { KeyActivity } from '../lib/activity-macs.ts';

/**
 * Whose row it is: an account's id, or else the hash of an anonymous key. Exactly one is
 * set, so no row ever joins an account to a key.
 */
export type Owner = { userId: number; sessionHash: null } | { userId: null; sessionHash: Buffer };

/**
 * Who likes or reports: an account's id, or else the key's MACs per target
 * (lib/activity-macs.ts), never the key's hash, so those rows join nothing of the key.
 */
export type Liker = { userId: number; activity: null } | { userId: null; activity: KeyActivity };

/** Whose likes a read marks: an account's, a key's (by its MACs), or nobody's. */
export interface LikeReader {
  user: { id: number } | null;
  activity: KeyActivity | null;
}

/** Whose view a read is for: an account, a key's hash, or neither (a stranger). */
export interface Reader {
  user: { id: number } | null;
  sessionHash: Buffer | null;
}

/** One post of an anonymous key, as My Content lists it. */
export interface AnonymousPostRow {
  type: 'question' | 'answer';
  id: number;
  question_id: number;
  text: string;
  question_text: string;
  likes: number;
  gender: Gender;
  age_range: AgeRange;
  created_at: Date;
  /** The post's time in microseconds since the epoch, for the cursor. */
  at: number;
  /** Its question's author and hidden state: whether the key sees its text. */
  question_user_id: number | null;
  question_session_hash: Buffer | null;
  question_hidden_at: Date | null;
}

/** An idempotency key to take: its keyed hash, its request's fingerprint, and its expiry. */
export interface IdempotencyKeyClaim {
  id: Buffer;
  fingerprint: Buffer;
  expiresAt: Date;
}

/** What a report's listing reads of the reported post (repositories/reports.ts), to embed it. */
export interface ReportContentRow {
  question_text: string | null;
  answer_text: string | null;
  answer_question_id: number | null;
  answer_is_deleted: boolean | null;
  question_hidden_at: Date | null;
  answer_hidden_at: Date | null;
}
