import { type Static, Type } from 'typebox';
import { AltchaField } from './challenge.ts';
import { SessionIdSchema } from './common.ts';

export const LikeBody = Type.Object({
  session_id: Type.Optional(SessionIdSchema),
  altcha: AltchaField,
});
export type LikeBody = Static<typeof LikeBody>;

export const LikeResponse = Type.Object({ likes: Type.Integer() });
export type LikeResponse = Static<typeof LikeResponse>;
