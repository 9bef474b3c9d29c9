/**
 * Proof-of-work for anonymous writes: an ALTCHA challenge (altcha-lib v2,
 * deterministic SHA-based key derivation) from `GET /api/challenge/`. The client finds the
 * counter whose derived key starts with `keyPrefix` (altcha-lib's `solveChallenge`) and
 * sends `base64(JSON.stringify({challenge, solution}))` in the `X-Altcha` header (or as
 * `altcha` in the body) of its anonymous question, reply, like or report.
 */
import { type Static, Type } from 'typebox';

export const PowChallenge = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String(),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer(),
    keyLength: Type.Integer(),
    keyPrefix: Type.String(),
    keySignature: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.Integer()),
  }),
  signature: Type.String(),
});
export type PowChallenge = Static<typeof PowChallenge>;

/** The solution, as a body field; the `X-Altcha` header carries the same value. */
export const AltchaField = Type.Optional(
  Type.String({
    maxLength: 4096,
    description:
      'Anonymous writes: a solved challenge from GET /api/challenge/, base64 of {"challenge", "solution"} (or in the X-Altcha header). Signed-in users need none.',
  }),
);
