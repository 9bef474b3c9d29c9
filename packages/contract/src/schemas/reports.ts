import { type Static, Type } from 'typebox';
import { LIMITS } from '../limits.ts';
import { AltchaField } from './challenge.ts';
import {
  Id,
  Nullable,
  PageQuery,
  ReportReasonSchema,
  ReportStatusSchema,
  SessionIdSchema,
  Timestamp,
} from './common.ts';
import { ModerationNote } from './moderation.ts';
import { CrisisCategorySchema } from './safety.ts';
import { ReportSourceSchema } from './watched-words.ts';

export const ReportCreateBody = Type.Object({
  question: Type.Optional(Nullable(Id)),
  answer: Type.Optional(Nullable(Id)),
  reason: ReportReasonSchema,
  details: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.reportDetailsMax }))),
  session_id: Type.Optional(SessionIdSchema),
  altcha: AltchaField,
});
export type ReportCreateBody = Static<typeof ReportCreateBody>;

export const ReportPatchBody = Type.Object({
  status: Type.Enum(['approved', 'rejected']),
  note: ModerationNote,
});
export type ReportPatchBody = Static<typeof ReportPatchBody>;

export const ReportedContent = Type.Object({
  type: Type.Enum(['question', 'answer']),
  id: Id,
  text: Type.String(),
  question: Id,
  /** Hidden from everyone but its author and admins until the reports are reviewed. */
  hidden: Type.Boolean(),
});
export type ReportedContent = Static<typeof ReportedContent>;

export const Report = Type.Object({
  id: Id,
  question: Nullable(Id),
  answer: Nullable(Id),
  target_type: Type.Enum(['question', 'answer']),
  reason: ReportReasonSchema,
  details: Nullable(Type.String()),
  session_id: Nullable(
    Type.String({ description: "A short fingerprint of the reporter's session" }),
  ),
  status: ReportStatusSchema,
  created_at: Timestamp,
  reviewed_at: Nullable(Timestamp),
  content: Nullable(ReportedContent),
  /**
   * `reporter`: a person reported it. `automatic`: the crisis classifier flagged the post
   * (no reporter; `categories` says what it is about, and the queue lists these first).
   */
  source: ReportSourceSchema,
  categories: Type.Array(CrisisCategorySchema),
});
export type Report = Static<typeof Report>;
export const ReportList = Type.Array(Report);

/**
 * The errors of acknowledging and of group reviews. Apart from API_MSG so that the web
 * app, which never shows them, does not carry them on its first load.
 */
export const QUEUE_API_MSG = {
  notACrisisFlag: 'Only a crisis flag can be acknowledged.',
  noPendingReports: 'This post has no pending reports.',
} as const;

/** `POST /api/reports/{id}/acknowledge/`: an admin saw a crisis flag and keeps the post. */
export const ReportAcknowledgeBody = Type.Object({ note: ModerationNote });
export type ReportAcknowledgeBody = Static<typeof ReportAcknowledgeBody>;

/**
 * Why a group is where it is in the queue: `hidden` (its post is hidden by people's
 * reports), `crisis` (a pending crisis flag), `reported` (the rest). The queue lists them in
 * this order, each oldest first.
 */
export const REPORT_GROUP_PRIORITIES = ['hidden', 'crisis', 'reported'] as const;
export type ReportGroupPriority = (typeof REPORT_GROUP_PRIORITIES)[number];

export const ReportGroupQuery = Type.Object({
  limit: PageQuery.properties.limit,
  cursor: Type.Optional(
    Type.String({
      maxLength: 40,
      pattern: '^[0-2]\\.[0-9]{1,10}$',
      description: 'Where the next page starts (from the Link header).',
    }),
  ),
});
export type ReportGroupQuery = Static<typeof ReportGroupQuery>;

/** The pending reports on one post, reviewed together. */
export const ReportGroup = Type.Object({
  target_type: Type.Enum(['question', 'answer']),
  /** Null when the content is gone: then the group is that one report. */
  target_id: Nullable(Id),
  priority: Type.Enum(REPORT_GROUP_PRIORITIES),
  /** People's pending reports on it (a crisis flag is not counted). */
  count: Type.Integer({ minimum: 0 }),
  /** How many of those give each reason, most given first. */
  reasons: Type.Array(Type.Object({ reason: ReportReasonSchema, count: Type.Integer() })),
  /** The pending crisis flag's report id, or null when there is none. */
  flag: Nullable(Id),
  /** What the pending flag is about (empty without one). */
  categories: Type.Array(CrisisCategorySchema),
  /** The server's own pending reports on it besides a crisis flag (watched words, edits). */
  system: Type.Optional(
    Type.Array(Type.Enum(['watched_word_review', 'watched_word_flag', 'edited_after_hiding'])),
  ),
  /** Every pending report of the group (the flag included), oldest first. */
  reports: Type.Array(Id),
  /** Details people wrote, newest first, at most 5. */
  details: Type.Array(Type.String()),
  /** The oldest pending report's time: the group's age in the queue. */
  first_reported_at: Timestamp,
  content: Nullable(ReportedContent),
});
export type ReportGroup = Static<typeof ReportGroup>;
export const ReportGroupList = Type.Array(ReportGroup);

export const ReportGroupParams = Type.Object({
  type: Type.Enum(['question', 'answer']),
  id: Id,
});
export type ReportGroupParams = Static<typeof ReportGroupParams>;

/** `POST /api/reports/groups/{type}/{id}/review/`: every pending report on the post at once. */
export const ReportGroupReviewBody = ReportPatchBody;
export type ReportGroupReviewBody = Static<typeof ReportGroupReviewBody>;

/** What a group review did. */
export const ReportGroupReviewed = Type.Object({
  status: Type.Enum(['approved', 'rejected']),
  /** The reports closed by it. */
  closed: Type.Integer({ minimum: 0 }),
});
export type ReportGroupReviewed = Static<typeof ReportGroupReviewed>;
