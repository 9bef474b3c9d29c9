/**
 * Every identity's inbox (an account, or an anonymous key in X-Session-Id), follows, and the
 * live event stream. No response here names who acted beyond their pseudonym in the thread.
 */
import { type Static, Type } from 'typebox';
import { NOTIFICATION_KINDS } from '../enums.ts';
import { LIMITS } from '../limits.ts';
import { Id, Nullable, SessionIdSchema, Timestamp } from './common.ts';

export const NotificationKindSchema = Type.Enum(NOTIFICATION_KINDS, {
  description:
    'reply: a reply in your thread or in a question you follow; answer_reply: a reply to your answer; update: the asker updated a question you follow; helped: the asker marked your answer "This helped"; moderation: moderators hid or removed your post',
});

/**
 * Which question an item is about, in its own words: the first characters of its plain
 * text (markup stripped). Null when the question is gone, or hidden while moderators review
 * it and the requester is neither its author nor an admin.
 */
const QuestionTextExcerpt = Nullable(Type.String({ maxLength: LIMITS.questionTextExcerptMax }), {
  description: `The first ${LIMITS.questionTextExcerptMax} characters of the question's plain text; null when the question is gone, or hidden from you (while moderators review it, only its author and admins see it).`,
});

export const Notification = Type.Object({
  id: Id,
  kind: NotificationKindSchema,
  question: Nullable(Id, { description: 'The question (null once a removed question is gone).' }),
  question_text: QuestionTextExcerpt,
  answer: Nullable(Id, { description: 'The reply it is about, the newest when several.' }),
  count: Type.Integer({
    minimum: 1,
    description:
      'Events coalesced into this item: while it is unread, a later event of the same kind on the same question bumps it.',
  }),
  excerpt: Type.String({
    maxLength: LIMITS.notificationExcerptMax,
    description:
      'Plain text of the newest post it is about (a moderation notice: what happened, never why or who).',
  }),
  author_label: Nullable(Type.String(), {
    description:
      'Who acted, as their pseudonym in the thread ("Asker", "Anon 3"); null for moderators.',
  }),
  created_at: Timestamp,
  read: Type.Boolean(),
});
export type Notification = Static<typeof Notification>;
export const NotificationList = Type.Array(Notification);

export const UnreadCount = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type UnreadCount = Static<typeof UnreadCount>;

/**
 * `POST /api/notifications/read/`: some of your notifications by id, all of them, or every
 * one about a question (its thread was opened). Exactly one of the three.
 */
export const MarkReadBody = Type.Object({
  ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: LIMITS.markReadMax })),
  all: Type.Optional(Type.Literal(true)),
  question: Type.Optional(Id),
});
export type MarkReadBody = Static<typeof MarkReadBody>;

/** One question the requester follows, in `GET /api/my/following/` (newest follow first). */
export const FollowedQuestion = Type.Object({
  question: Id,
  question_text: QuestionTextExcerpt,
  followed_at: Type.String({
    format: 'date-time',
    description: 'Since when you follow it (your latest follow, after an unfollow).',
  }),
});
export type FollowedQuestion = Static<typeof FollowedQuestion>;
export const FollowedQuestionList = Type.Array(FollowedQuestion);

/** A call that needs an identity and has nothing else to say: its key may come in the body. */
export const IdentityBody = Type.Object({ session_id: Type.Optional(SessionIdSchema) });
export type IdentityBody = Static<typeof IdentityBody>;

/** `GET /api/events/`: the requester's own events, and with `question` a thread's replies. */
export const EventsQuery = Type.Object({
  question: Type.Optional(Id),
});
export type EventsQuery = Static<typeof EventsQuery>;

export const NotificationEvent = Type.Object({ unread: Type.Integer({ minimum: 0 }) });
export type NotificationEvent = Static<typeof NotificationEvent>;

export const ReplyEvent = Type.Object({ question: Id, answer: Id });
export type ReplyEvent = Static<typeof ReplyEvent>;

export const UnavailableEvent = Type.Object(
  { question: Id },
  {
    description:
      'The watched question is no longer available to the requester (deleted, or hidden by reports while moderators review it); the stream ends after it.',
  },
);
export type UnavailableEvent = Static<typeof UnavailableEvent>;
