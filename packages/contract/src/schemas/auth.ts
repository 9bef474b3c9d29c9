import { type Static, Type } from 'typebox';
import { LIMITS } from '../limits.ts';
import { Id, Nullable } from './common.ts';
import { OwnSilence } from './moderators.ts';

export const RegisterBody = Type.Object({
  username: Type.String(),
  password: Type.String(),
  password2: Type.String(),
  email: Type.Optional(Type.String()),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const PublicUser = Type.Object({ id: Id, username: Type.String() });
export type PublicUser = Static<typeof PublicUser>;

export const TokenBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: LIMITS.emailMax })),
  email: Type.Optional(Type.String({ maxLength: LIMITS.emailMax })),
  password: Type.String({ maxLength: LIMITS.passwordMax }),
});
export type TokenBody = Static<typeof TokenBody>;

export const TokenPair = Type.Object({ access: Type.String(), refresh: Type.String() });
export type TokenPair = Static<typeof TokenPair>;

export const RefreshBody = Type.Object({ refresh: Type.String({ maxLength: 4096 }) });
export type RefreshBody = Static<typeof RefreshBody>;

export const StatusUser = Type.Object({
  id: Id,
  username: Type.String(),
  /** An admin. */
  is_staff: Type.Boolean(),
  /** A moderator (admins appoint them): reviews the queue, silences, reads the log. */
  is_moderator: Type.Boolean(),
});
export type StatusUser = Static<typeof StatusUser>;

export const UserStatus = Type.Object({
  is_authenticated: Type.Boolean(),
  user: Nullable(StatusUser),
  /** The caller's own silence (their account, or the anonymous key they sent), or null. */
  silenced: Nullable(OwnSilence),
});
export type UserStatus = Static<typeof UserStatus>;
