import { type Static, Type } from 'typebox';
import { LIMITS } from '../limits.ts';
import { AltchaField } from './challenge.ts';
import {
  AgeRangeSchema,
  GenderSchema,
  Id,
  Nullable,
  Rights,
  SessionIdSchema,
  Timestamp,
} from './common.ts';
import { safetyFields } from './safety.ts';
import { HiddenReasonField } from './watched-words.ts';

export const AnswerCreateBody = Type.Object({
  text: Type.String({ maxLength: LIMITS.replyTextMax, description: 'Plain text' }),
  gender: Type.Optional(GenderSchema),
  age_range: Type.Optional(AgeRangeSchema),
  parent_id: Type.Optional(Nullable(Id)),
  session_id: Type.Optional(SessionIdSchema),
  altcha: AltchaField,
});
export type AnswerCreateBody = Static<typeof AnswerCreateBody>;

/** An edit by the reply's owner: its account, or the anonymous key that wrote it. */
export const AnswerPatchBody = Type.Object({
  text: Type.String({ maxLength: LIMITS.replyTextMax }),
  session_id: Type.Optional(SessionIdSchema),
});
export type AnswerPatchBody = Static<typeof AnswerPatchBody>;

const answerFields = {
  id: Id,
  question: Id,
  parent_id: Nullable(Id),
  text: Type.String(),
  likes: Type.Integer(),
  liked: Type.Boolean({ description: 'Whether the viewer (user, or anonymous session) likes it.' }),
  gender: GenderSchema,
  age_range: AgeRangeSchema,
  user: Nullable(Id),
  session_id: Nullable(Type.String()),
  is_deleted: Type.Boolean(),
  can: Rights,
  author_label: Nullable(
    Type.String({
      description:
        'The author within this thread: "Asker", or "Anon 1", "Anon 2"... by first appearance; null on a deleted placeholder. Unrelated across threads.',
    }),
  ),
  created_at: Timestamp,
  edited_at: Nullable(Timestamp, {
    description:
      'When its author last edited the text (shown as "edited"); null if never. Likes, replies and moderation do not change it.',
  }),
  helpful: Type.Boolean({
    description:
      'The asker marked it "This helped" (at most 3 a question); such replies come first in their thread.',
  }),
  // Optional in the type only (the server always sends it) while the web app's test
  // fixtures of answers predate it; make it required when they name it.
  hidden: Type.Optional(
    Type.Boolean({
      description:
        'Hidden while moderators review it. Others then get, instead of its text, the one-line notice "This reply is hidden while moderators review it.", and its replies as usual; its author and admins get it whole.',
    }),
  ),
  hidden_reason: HiddenReasonField,
};

export const Answer = Type.Object(answerFields);
export type Answer = Static<typeof Answer>;

/** A reply just posted or edited, with what the safety checks found. */
export const AnswerWritten = Type.Object({ ...answerFields, ...safetyFields });
export type AnswerWritten = Static<typeof AnswerWritten>;

/**
 * An answer with its replies, to any depth: a recursive schema, so the response schema
 * that serializes a thread names every field of every level and drops anything else.
 */
export const AnswerNode = Type.Cyclic(
  {
    AnswerNode: Type.Object({
      ...answerFields,
      replies: Type.Array(Type.Ref('AnswerNode')),
      replies_more: Type.Optional(
        Type.Integer({
          minimum: 1,
          description:
            'Only on an answer some of whose replies a page of the thread leaves out (a page holds a bounded number of answers): how many of its direct replies are not in `replies`. They follow the ones shown, in the same order, at `replies_next`.',
        }),
      ),
      replies_next: Type.Optional(
        Type.String({
          description:
            "With `replies_more`: the API address of the page of this answer's remaining replies (`GET /api/questions/{id}/answers/?cursor=...`).",
        }),
      ),
    }),
  },
  'AnswerNode',
);
export type AnswerNode = Static<typeof AnswerNode>;

/** `GET /api/questions/{id}/answers/`: the next page of a thread, or of one answer's replies. */
export const AnswerPage = Type.Object({
  answers: Type.Array(AnswerNode),
  answers_next: Nullable(
    Type.String({ description: 'The API address of the page after this one; null on the last.' }),
  ),
});
export type AnswerPage = Static<typeof AnswerPage>;

export const AnswerPageQuery = Type.Object({
  cursor: Type.String({ maxLength: 300 }),
});
export type AnswerPageQuery = Static<typeof AnswerPageQuery>;

export const MyAnswer = Type.Object({ ...answerFields, question_text: Type.String() });
export type MyAnswer = Static<typeof MyAnswer>;
export const MyAnswerList = Type.Array(MyAnswer);
