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

export const AnswerCreateBody = Type.Object({
  text: Type.String({ maxLength: LIMITS.replyTextMax, description: 'Plain text' }),
  gender: Type.Optional(GenderSchema),
  age_range: Type.Optional(AgeRangeSchema),
  parent_id: Type.Optional(Nullable(Id)),
  session_id: Type.Optional(SessionIdSchema),
});
export type AnswerCreateBody = Static<typeof AnswerCreateBody>;

export const AnswerPatchBody = Type.Object({
  text: Type.String({ maxLength: LIMITS.replyTextMax }),
});
export type AnswerPatchBody = Static<typeof AnswerPatchBody>;

const answerFields = {
  id: Id,
  question: Id,
  parent_id: Nullable(Id),
  text: Type.String(),
  likes: Type.Integer(),
  gender: GenderSchema,
  age_range: AgeRangeSchema,
  user: Nullable(Id),
  session_id: Nullable(Type.String()),
  is_deleted: Type.Boolean(),
  created_at: Timestamp,
};

export const Answer = Type.Object(answerFields);
export type Answer = Static<typeof Answer>;

/**
 * An answer with its replies, to any depth. The nested items are described loosely
 * here because JSON Schema recursion would need `$ref` plumbing in every consumer; the
 * server's presenter builds every node from the same explicit field list as `Answer`.
 */
export const AnswerNode = Type.Object({
  ...answerFields,
  replies: Type.Array(Type.Unknown()),
});
export type AnswerNode = Answer & { replies: AnswerNode[] };

export const MyAnswer = Type.Object({ ...answerFields, question_text: Type.String() });
export type MyAnswer = Static<typeof MyAnswer>;
export const MyAnswerList = Type.Array(MyAnswer);
