import { type Static, Type } from 'typebox';
import { SESSION_ID_RULES } from '../session-id.ts';
import { AgeRangeSchema, GenderSchema, Id, Nullable, Timestamp } from './common.ts';

/**
 * One post made with an anonymous key, in `GET /api/my/anonymous/`: a question or a reply,
 * newest first. Only the key's holder can list them (the key is the request's session).
 */
export const AnonymousPost = Type.Object({
  type: Type.Enum(['question', 'answer']),
  id: Id,
  /** The question: the post itself, or the question replied to. */
  question: Id,
  /** A question's HTML, or a reply's plain text. */
  text: Type.String(),
  /** The plain text of the question, for a listing. */
  question_text: Type.String(),
  likes: Type.Integer(),
  liked: Type.Boolean({ description: 'Whether this key likes the post.' }),
  gender: GenderSchema,
  age_range: AgeRangeSchema,
  user: Nullable(Id),
  session_id: Nullable(Type.String()),
  created_at: Timestamp,
});
export type AnonymousPost = Static<typeof AnonymousPost>;
export const AnonymousPostList = Type.Array(AnonymousPost);

/** `POST /api/my/claim/`: the anonymous key whose posts move into the signed-in account. */
export const ClaimBody = Type.Object({
  session_id: Type.String({
    maxLength: SESSION_ID_RULES.maxLength,
    description:
      'The private key (an anonymous session id) whose questions and replies move to the account.',
  }),
});
export type ClaimBody = Static<typeof ClaimBody>;

/** What moved: the ids of the questions and replies that now belong to the account. */
export const ClaimResult = Type.Object({
  questions: Type.Array(Id),
  answers: Type.Array(Id),
});
export type ClaimResult = Static<typeof ClaimResult>;
