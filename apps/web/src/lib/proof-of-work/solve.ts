/**
 * Solves one ALTCHA challenge of `GET /api/challenge/` the way the server made it
 * (apps/server/src/services/proof-of-work.ts: altcha-lib v2, PBKDF2-SHA-256 in
 * deterministic mode), with WebCrypto's native PBKDF2. Runs in the solver worker, or on
 * the page where workers are unavailable.
 */
import type { PowChallenge } from '@dating/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** The value of `X-Altcha`: base64 of `{challenge, solution}`; null when it timed out. */
export async function solveToPayload(challenge: PowChallenge): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) return null;
  const json = JSON.stringify({
    challenge,
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  });
  // The JSON is ASCII (hex strings and numbers), so btoa takes it as it is.
  return btoa(json);
}
