/**
 * Taking one's data along, or taking it all down: the export of everything the site keeps
 * for an identity (an account, or an anonymous key in X-Session-Id), the deletion of an
 * account, and the erasure of what a key wrote.
 */
import { type Static, Type } from 'typebox';
import { NOTIFICATION_KINDS } from '../enums.ts';
import { HIDDEN_REASONS } from '../hidden-reasons.ts';
import { LIMITS } from '../limits.ts';
import {
  AgeRangeSchema,
  GenderSchema,
  Id,
  Nullable,
  ReportReasonSchema,
  ReportStatusSchema,
  Timestamp,
} from './common.ts';

const Count = Type.Integer({ minimum: 0 });

/**
 * What an erasure took away (or, for a dry run, would take): the questions (each with its
 * thread and updates), the replies, the updates on those questions, the follows, the inbox's
 * notifications and the devices told by Web Push.
 */
export const ErasureCounts = Type.Object({
  questions: Count,
  answers: Count,
  updates: Count,
  follows: Count,
  notifications: Count,
  devices: Count,
});
export type ErasureCounts = Static<typeof ErasureCounts>;

/** `DELETE /api/my/anonymous/?dry_run=true`: count only, erase nothing. */
export const KeyErasureQuery = Type.Object({
  dry_run: Type.Optional(
    Type.Enum(['true', 'false'], {
      description: '`true`: answer the counts of what would be erased, and erase nothing.',
    }),
  ),
});
export type KeyErasureQuery = Static<typeof KeyErasureQuery>;

/** What happens to an account's posts when it is deleted. */
export const ACCOUNT_POST_CHOICES = ['delete', 'anonymize'] as const;
export type AccountPostChoice = (typeof ACCOUNT_POST_CHOICES)[number];

/** `DELETE /api/my/account/`: the password again, and what becomes of the posts. */
export const AccountDeleteBody = Type.Object({
  password: Type.String({ maxLength: LIMITS.passwordMax }),
  posts: Type.Enum(ACCOUNT_POST_CHOICES, {
    description:
      '`delete`: every question (with its thread) and reply goes (a reply with replies stays as "[deleted]"); `anonymize`: they stay, belonging to nobody, for good.',
  }),
});
export type AccountDeleteBody = Static<typeof AccountDeleteBody>;

/** What the account's deletion took away; `likes`: the account's likes, taken back. */
export const AccountErasure = Type.Object({
  ...ErasureCounts.properties,
  likes: Count,
  posts: Type.Enum(ACCOUNT_POST_CHOICES),
});
export type AccountErasure = Static<typeof AccountErasure>;

/** Something the site keeps for the identity that the export cannot list, and why. */
const Unlisted = (description: string) =>
  Type.Object(
    {
      listed: Type.Boolean(),
      /** Why not, when not listed. */
      reason: Nullable(Type.String()),
    },
    { description },
  );

/** Why a hidden post is hidden, as its author is told on its page; null when it is not. */
const HiddenReason = Nullable(
  Type.Enum(HIDDEN_REASONS, {
    description: 'A report reason, or `watched_word`: it holds a word moderators check first.',
  }),
);

export const ExportQuestion = Type.Object({
  id: Id,
  /** The question's HTML, as stored (sanitized). */
  text: Type.String(),
  tags: Type.Array(Type.String()),
  gender: GenderSchema,
  age_range: AgeRangeSchema,
  likes: Type.Integer(),
  answer_count: Type.Integer(),
  hidden: Type.Boolean({ description: 'Hidden while moderators review it.' }),
  hidden_reason: HiddenReason,
  created_at: Timestamp,
  edited_at: Nullable(Timestamp),
});

export const ExportAnswer = Type.Object({
  id: Id,
  question: Id,
  parent: Nullable(Id),
  text: Type.String(),
  gender: GenderSchema,
  age_range: AgeRangeSchema,
  likes: Type.Integer(),
  helpful: Type.Boolean(),
  hidden: Type.Boolean(),
  hidden_reason: HiddenReason,
  created_at: Timestamp,
  edited_at: Nullable(Timestamp),
});

export const ExportUpdate = Type.Object({
  id: Id,
  question: Id,
  text: Type.String(),
  created_at: Timestamp,
});

export const ExportFollow = Type.Object({
  question: Id,
  muted: Type.Boolean({
    description: 'Unfollowed: kept so that a later reply does not follow again.',
  }),
  created_at: Timestamp,
});

export const ExportNotification = Type.Object({
  id: Id,
  kind: Type.Enum(NOTIFICATION_KINDS),
  question: Nullable(Id),
  answer: Nullable(Id),
  count: Type.Integer(),
  excerpt: Type.String(),
  author_label: Nullable(Type.String()),
  created_at: Timestamp,
  read_at: Nullable(Timestamp),
});

/** A device told by Web Push: where its push service is, never its keys or its address. */
export const ExportDevice = Type.Object({
  push_service: Type.String({
    description:
      "The origin of the push service's endpoint (https://host); the endpoint itself is a capability and is not repeated.",
  }),
  created_at: Timestamp,
});

export const ExportLike = Type.Object({
  type: Type.Enum(['question', 'answer']),
  id: Id,
  created_at: Timestamp,
});

export const ExportReport = Type.Object({
  id: Id,
  type: Type.Enum(['question', 'answer']),
  /** The reported post, null once it is gone. */
  target: Nullable(Id),
  reason: ReportReasonSchema,
  details: Nullable(Type.String()),
  status: ReportStatusSchema,
  created_at: Timestamp,
  reviewed_at: Nullable(Timestamp),
});

/** A sign-in of the account that can still be refreshed. */
export const ExportSignIn = Type.Object({
  created_at: Timestamp,
  expires_at: Timestamp,
});

/**
 * A silence on the identity (it could read but not write), with the reason it was told:
 * never who set it. An erasure leaves it, so that erasing is no way out of one.
 */
export const ExportSilence = Type.Object({
  reason: Type.String(),
  days: Type.Integer({ minimum: 1 }),
  created_at: Timestamp,
  ends_at: Timestamp,
  /** Lifted early by a moderator; null when it ran (or runs) its course. */
  lifted_at: Nullable(Timestamp),
});

/** `GET /api/my/export/`: one JSON document of everything the site keeps for the identity. */
export const MyExport = Type.Object({
  format: Type.Literal('dating-advice-export/1'),
  exported_at: Timestamp,
  identity: Type.Object({
    type: Type.Enum(['account', 'anonymous_key']),
    /** The account's; null for a key (the server keeps only the key's hash). */
    id: Nullable(Id),
    username: Nullable(Type.String()),
    email: Nullable(Type.String()),
    is_staff: Type.Boolean(),
    created_at: Nullable(Timestamp),
  }),
  questions: Type.Array(ExportQuestion),
  answers: Type.Array(ExportAnswer),
  updates: Type.Array(ExportUpdate),
  follows: Type.Array(ExportFollow),
  notifications: Type.Array(ExportNotification),
  devices: Type.Array(ExportDevice),
  likes: Type.Object({
    ...Unlisted('The likes the identity gave.').properties,
    items: Type.Array(ExportLike),
  }),
  reports: Type.Object({
    ...Unlisted('The reports the identity made.').properties,
    items: Type.Array(ExportReport),
  }),
  sign_ins: Type.Array(ExportSignIn),
  silences: Type.Array(ExportSilence),
});
export type MyExport = Static<typeof MyExport>;
