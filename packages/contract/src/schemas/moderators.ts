/**
 * Moderators and silences (issue 39): the staff roles, admins appointing moderators, and
 * silencing the author of a post for a while without anyone learning who they are.
 */
import { type Static, Type } from 'typebox';
import { SILENCE_LIMITS, SILENCE_SOURCES, STAFF_ROLES } from '../staff.ts';
import { Id, Timestamp } from './common.ts';

export const StaffRoleSchema = Type.Enum(STAFF_ROLES);

/** `POST` and `DELETE /api/moderation/moderators/`: the account, by its username. */
export const ModeratorBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 150 }),
});
export type ModeratorBody = Static<typeof ModeratorBody>;

export const Moderator = Type.Object({ id: Id, username: Type.String() });
export type Moderator = Static<typeof Moderator>;
export const ModeratorList = Type.Array(Moderator);

/**
 * `POST /api/moderation/silences/`: silence the author of a question or an answer (whoever
 * wrote it: an account, or the anonymous key, which nobody learns), or an account by its
 * id. Exactly one of `question`, `answer`, `user`.
 */
export const SilenceBody = Type.Object({
  question: Type.Optional(Id),
  answer: Type.Optional(Id),
  user: Type.Optional(Id),
  days: Type.Integer({ minimum: SILENCE_LIMITS.daysMin, maximum: SILENCE_LIMITS.daysMax }),
  reason: Type.String({ minLength: SILENCE_LIMITS.reasonMin, maxLength: SILENCE_LIMITS.reasonMax }),
});
export type SilenceBody = Static<typeof SilenceBody>;

/**
 * An active silence as moderators see it: what it was made from ("author of answer 12"),
 * never whose key, its hash, an address or a network.
 */
export const Silence = Type.Object({
  id: Id,
  source_type: Type.Enum(SILENCE_SOURCES),
  source_id: Id,
  made_from: Type.String({
    description:
      'source_type and source_id in words, in the language Accept-Language asks for (en, es, ar; English otherwise): "author of answer 12", "account 7". For people to read: a program decides by source_type and source_id.',
  }),
  reason: Type.String(),
  days: Type.Integer(),
  ends_at: Timestamp,
  created_at: Timestamp,
});
export type Silence = Static<typeof Silence>;
export const SilenceList = Type.Array(Silence);

/** The caller's own silence (in `GET /api/user/status/`): why, and until when. */
export const OwnSilence = Type.Object({ reason: Type.String(), until: Timestamp });
export type OwnSilence = Static<typeof OwnSilence>;

/** A silenced identity's write: 403 with the reason in `detail` and the end time. */
export const SilencedError = Type.Object({ detail: Type.String(), silenced_until: Timestamp });
export type SilencedError = Static<typeof SilencedError>;
