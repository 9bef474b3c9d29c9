import { type Static, Type } from 'typebox';
import { LIMITS } from '../limits.ts';
import { AltchaField } from './challenge.ts';
import {
  Id,
  Nullable,
  ReportReasonSchema,
  ReportStatusSchema,
  SessionIdSchema,
  Timestamp,
} from './common.ts';
import { ModerationNote } from './moderation.ts';
import { CrisisCategorySchema } from './safety.ts';

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
  source: Type.Enum(['reporter', 'automatic']),
  categories: Type.Array(CrisisCategorySchema),
});
export type Report = Static<typeof Report>;
export const ReportList = Type.Array(Report);
