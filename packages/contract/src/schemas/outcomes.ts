/** Perspectives and outcomes: the filter, the counts, "This helped", updates. */
import { type Static, Type } from 'typebox';
import { AGE_RANGES, GENDERS } from '../enums.ts';
import { LIMITS } from '../limits.ts';
import { AltchaField } from './challenge.ts';
import { AgeRangeSchema, GenderSchema, Id, SessionIdSchema, Timestamp } from './common.ts';

/** `GET /api/questions/{id}/`: the thread filtered to replies from one group. */
export const QuestionDetailQuery = Type.Object({
  perspective_gender: Type.Optional(GenderSchema),
  perspective_age: Type.Optional(AgeRangeSchema),
});
export type QuestionDetailQuery = Static<typeof QuestionDetailQuery>;

const counts = <K extends string>(keys: readonly K[]) =>
  Type.Object(
    Object.fromEntries(keys.map((key) => [key, Type.Integer({ minimum: 0 })])) as Record<
      K,
      ReturnType<typeof Type.Integer>
    >,
  );

export const Perspectives = Type.Object(
  { gender: counts(GENDERS), age_range: counts(AGE_RANGES) },
  {
    description:
      'Replies per gender and per age group in the whole thread (not only the filtered part), every code present. Deleted replies are not counted, nor hidden ones except for their author and admins.',
  },
);
export type Perspectives = Static<typeof Perspectives>;

export const QuestionUpdate = Type.Object({
  id: Id,
  text: Type.String({ description: 'Plain text' }),
  created_at: Timestamp,
});
export type QuestionUpdate = Static<typeof QuestionUpdate>;

export const QuestionUpdateBody = Type.Object({
  text: Type.String({
    // Checked after trimming (1 to LIMITS.updateTextMax); this only bounds what is read.
    maxLength: LIMITS.updateTextMax * 4,
    description: `Plain text, trimmed, 1 to ${LIMITS.updateTextMax} characters`,
  }),
  session_id: Type.Optional(SessionIdSchema),
  altcha: AltchaField,
});
export type QuestionUpdateBody = Static<typeof QuestionUpdateBody>;

/** `POST`/`DELETE /api/answers/{id}/helpful/`: the asker, by user or anonymous session. */
export const HelpfulBody = Type.Object({ session_id: Type.Optional(SessionIdSchema) });
export type HelpfulBody = Static<typeof HelpfulBody>;

/** `GET /api/questions/?has_updates=true`: only questions with updates. */
export const HasUpdatesSchema = Type.Enum(['true', 'false'], {
  description: '`true`: only questions with updates; `false` or absent: no filter',
});
