/**
 * Moderation that scales: the audit log of every moderation action, the
 * admin header's count, and the optional note an admin may give with an action.
 */
import { type Static, Type } from 'typebox';
import { LIMITS } from '../limits.ts';
import {
  AgeRangeSchema,
  GenderSchema,
  Id,
  Nullable,
  SessionIdSchema,
  Timestamp,
} from './common.ts';
import { StaffRoleSchema } from './moderators.ts';
import { ErasureCounts } from './my-data.ts';
import { PiiKindSchema } from './safety.ts';

/**
 * `delete_account`, `anonymize_account`, `erase_key`: a person took their own data down
 * (an account deleted with its posts, or with its posts kept for nobody; what an anonymous
 * key wrote, erased). Logged as counts only, never which posts or whose (migration 0021).
 *
 * `acknowledge`: an admin saw a crisis flag and kept the post; the flag left the queue and
 * nothing was deleted (migration 0016).
 *
 * `silence`, `lift_silence`: the author of a post (or an account) silenced for a number of
 * days, or the silence lifted early; `appoint_moderator`, `remove_moderator`: an admin
 * gave or took the role (migration 0023).
 */
export const MODERATION_ACTIONS = [
  'approve',
  'reject',
  'auto_hide',
  'unhide',
  'delete',
  'acknowledge',
  'delete_account',
  'anonymize_account',
  'erase_key',
  'silence',
  'lift_silence',
  'appoint_moderator',
  'remove_moderator',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** `PATCH /api/reports/{id}/` and an admin's `DELETE` of a question or an answer may say why. */
export const ModerationNote = Type.Optional(
  Nullable(
    Type.String({
      maxLength: LIMITS.moderationNoteMax,
      description: 'Why (admins only); kept in the moderation log.',
    }),
  ),
);

/**
 * Deleting a question or a reply: by its owner (account, or the anonymous key that wrote
 * it, in X-Session-Id or here), or by an admin, who may say why.
 */
export const PostDeleteBody = Type.Object({
  note: ModerationNote,
  session_id: Type.Optional(SessionIdSchema),
});
export type PostDeleteBody = Static<typeof PostDeleteBody>;

/**
 * What deleted content looked like, kept so that the decision can be reviewed: its plain
 * text with personal information replaced by [removed], and its public labels. Never who
 * wrote it.
 */
export const ContentSnapshot = Type.Object({
  type: Type.Enum(['question', 'answer']),
  text: Type.String(),
  tags: Type.Array(Type.String()),
  gender: GenderSchema,
  age_range: AgeRangeSchema,
  likes: Type.Integer(),
  /** Replies under a deleted question (they went with it). */
  answer_count: Type.Integer(),
  created_at: Timestamp,
  /** Kinds of personal information that were replaced by [removed]. */
  pii_removed: Type.Array(PiiKindSchema),
});
export type ContentSnapshot = Static<typeof ContentSnapshot>;

export const ModerationLogEntry = Type.Object({
  id: Id,
  action: Type.Enum(MODERATION_ACTIONS),
  /** The admin or moderator who acted; null for what the server did by itself (auto-hide). */
  admin: Nullable(Type.Object({ id: Id, username: Type.String() })),
  /** The role they acted in; null for the server's own actions and for erasures. */
  role: Nullable(StaffRoleSchema),
  created_at: Timestamp,
  /** `account`: an erasure, a silence made by account id, or a moderator appointed (target_id: the account). */
  target_type: Type.Enum(['question', 'answer', 'account', 'key']),
  /** Null for a report reviewed after its content was already gone, and for an erasure. */
  target_id: Nullable(Id),
  /** The question of the thread (the target itself for a question). */
  question: Nullable(Id),
  /** The report reviewed (approve, reject, and the un-hide a rejection causes). */
  report: Nullable(Id),
  note: Nullable(Type.String()),
  /** A silence: for how many days. */
  days: Nullable(Type.Integer({ minimum: 1 })),
  /** Approve and delete: the content as it was. */
  snapshot: Nullable(ContentSnapshot),
  /** An erasure (account or key): how much went, never what or whose. */
  counts: Nullable(
    Type.Object({
      ...ErasureCounts.properties,
      likes: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
  ),
});
export type ModerationLogEntry = Static<typeof ModerationLogEntry>;
export const ModerationLogList = Type.Array(ModerationLogEntry);

/** `GET /api/moderation/summary/`: the counts the header shows, and the queue's health. */
export const ModerationSummary = Type.Object({
  /** Pending reports, the queue's length. */
  pending: Type.Integer(),
  /** Of those, automatic flags of posts about a crisis. */
  flagged: Type.Integer(),
  /** Questions and replies hidden until reviewed. */
  hidden: Type.Integer(),
  /** How long the oldest pending report has waited; null when none is pending. */
  oldest_pending_age_seconds: Nullable(Type.Integer({ minimum: 0 })),
  /** The median time from report to review, of reports reviewed in the last 7 days; null when none was. */
  median_review_seconds_7d: Nullable(Type.Integer({ minimum: 0 })),
});
export type ModerationSummary = Static<typeof ModerationSummary>;
