import { type Static, Type } from 'typebox';
import { CONTENT_LANGUAGES } from '../languages.ts';
import { LIMITS } from '../limits.ts';
import { ASKER_LABEL } from '../pseudonyms.ts';
import { AnswerNode } from './answers.ts';
import { AltchaField } from './challenge.ts';
import {
  AgeRangeSchema,
  GenderSchema,
  Id,
  Nullable,
  PageQuery,
  Rights,
  SessionIdSchema,
  Timestamp,
} from './common.ts';
import { HasUpdatesSchema, Perspectives, QuestionUpdate } from './outcomes.ts';
import { safetyFields } from './safety.ts';
import { HiddenReasonField } from './watched-words.ts';

export const Tag = Type.Object({ id: Id, name: Type.String() });
export type Tag = Static<typeof Tag>;
export const TagList = Type.Array(Tag);

/**
 * `GET /api/tags/`: the tags of the feed, with how many of its questions carry each; a tag
 * that no visible question carries is not listed.
 */
export const TagWithCount = Type.Object({
  id: Id,
  name: Type.String(),
  count: Type.Integer({
    minimum: 1,
    description:
      'Questions visible in the feed with this tag (hidden ones are not counted, and a tag none carries is not listed).',
  }),
});
export type TagWithCount = Static<typeof TagWithCount>;
export const TagCountList = Type.Array(TagWithCount);

export const QuestionCreateBody = Type.Object({
  text: Type.String({
    maxLength: LIMITS.questionTextMax,
    description: 'HTML; sanitized by the server to the editor allowlist',
  }),
  tag_names: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
  gender: Type.Optional(GenderSchema),
  age_range: Type.Optional(AgeRangeSchema),
  session_id: Type.Optional(SessionIdSchema),
  altcha: AltchaField,
});
export type QuestionCreateBody = Static<typeof QuestionCreateBody>;

/** An edit by the question's owner: its account, or the anonymous key that asked it. */
export const QuestionPatchBody = Type.Object({
  text: Type.String({ maxLength: LIMITS.questionTextMax }),
  session_id: Type.Optional(SessionIdSchema),
});
export type QuestionPatchBody = Static<typeof QuestionPatchBody>;

export const QuestionListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: LIMITS.searchMax })),
  tag_id: Type.Optional(
    Type.String({ maxLength: LIMITS.tagMax * 4, description: 'A tag id, or a tag name' }),
  ),
  gender: Type.Optional(GenderSchema),
  age_range: Type.Optional(AgeRangeSchema),
  user_id: Type.Optional(Id),
  ...PageQuery.properties,
  sort: Type.Optional(
    Type.String({
      description:
        'new (default, newest first), top (likes with a time decay: ln(1 + likes) + epoch(created_at) / 45000), unanswered (no answers, newest first) or active (by the last reply). A search stays ranked by relevance; with unanswered it keeps only unanswered matches. A cursor belongs to its sort.',
    }),
  ),
  has_updates: Type.Optional(HasUpdatesSchema),
  language: Type.Optional(
    Type.String({
      maxLength: 200,
      description: `Only questions written in these languages (detected when posted or edited), as BCP 47 primary codes separated by commas, such as \`es,en\`; questions whose language is unknown are always listed. Known codes: ${CONTENT_LANGUAGES.join(', ')}. \`all\`, empty or absent: every language. Any other value is a 400.`,
    }),
  ),
});
export type QuestionListQuery = Static<typeof QuestionListQuery>;

/** The parameters of `GET /api/questions/` that a feed address sets (feed-params.ts). */
export const FeedApiQuery = Type.Pick(QuestionListQuery, [
  'search',
  'tag_id',
  'gender',
  'age_range',
  'sort',
  'has_updates',
  'language',
]);
export type FeedApiQuery = Static<typeof FeedApiQuery>;

const questionFields = {
  id: Id,
  text: Type.String(),
  likes: Type.Integer(),
  liked: Type.Boolean({ description: 'Whether the viewer (user, or anonymous session) likes it.' }),
  tags: TagList,
  gender: GenderSchema,
  age_range: AgeRangeSchema,
  user: Nullable(Id),
  session_id: Nullable(Type.String()),
  can: Rights,
  created_at: Timestamp,
  edited_at: Nullable(Timestamp, {
    description:
      'When its author last edited the text (shown as "edited"); null if never. Likes, replies and moderation do not change it.',
  }),
  answer_count: Type.Integer(),
  author_label: Type.Literal(ASKER_LABEL, { description: 'A question is its thread\'s "Asker".' }),
  hidden: Type.Boolean({
    description:
      'Hidden while moderators review it (reported by enough people). Others then get, instead of its text, the notice "This post is hidden while moderators review it." as a paragraph, and no tags or answers; its author and admins get it whole.',
  }),
  hidden_reason: HiddenReasonField,
  helped: Type.Boolean({ description: 'The asker marked at least one reply "This helped".' }),
  update_count: Type.Integer({ minimum: 0, description: "The asker's updates so far." }),
  language: Nullable(Type.String(), {
    description:
      'The language the text is written in, detected by the server when it was posted or last edited: a BCP 47 primary code (`en`, `es`, `ar`, ...), or null when it could not be told (short or mixed texts, questions posted before detection). Posts are never translated.',
  }),
};

/** What the detail adds: the asker's updates (oldest first) and the perspective counts. */
const detailFields = {
  following: Type.Boolean({
    description:
      'Whether the requester (account or key) follows the question: notified of its new replies and updates.',
  }),
  answers: Type.Array(AnswerNode),
  answers_next: Nullable(
    Type.String({
      description:
        '`answers` is the first page of the thread: at most 50 top-level answers in the thread\'s order with their replies, at most 100 answers and 48 KB of text in all (an answer whose replies are cut says so with `replies_more`). This is the API address of the next page of top-level answers (`GET /api/questions/{id}/answers/?cursor=...`, also sent as `Link: <...>; rel="next"`); null when `answers` holds the last.',
    }),
  ),
  updates: Type.Array(QuestionUpdate),
  perspectives: Perspectives,
};

export const QuestionSummary = Type.Object(questionFields);
export type QuestionSummary = Static<typeof QuestionSummary>;
export const QuestionList = Type.Array(QuestionSummary);

export const QuestionDetail = Type.Object({ ...questionFields, ...detailFields });
export type QuestionDetail = Static<typeof QuestionDetail>;

/** A question just posted or edited: the detail, with what the safety checks found. */
export const QuestionWritten = Type.Object({
  ...questionFields,
  ...detailFields,
  ...safetyFields,
});
export type QuestionWritten = Static<typeof QuestionWritten>;
