/**
 * The proof-of-work solver's Web Worker: the attempts (thousands of PBKDF2 iterations
 * each) run here, so typing and scrolling stay smooth while a challenge is solved.
 */

import { solveToPayload } from './solve.ts';
import type { SolveRequest, SolveResponse } from './solver-protocol.ts';

self.addEventListener('message', (event: MessageEvent<SolveRequest>) => {
  const { id, challenge } = event.data;
  solveToPayload(challenge).then(
    (payload) => self.postMessage({ id, payload } satisfies SolveResponse),
    (error: unknown) =>
      self.postMessage({ id, payload: null, error: String(error) } satisfies SolveResponse),
  );
});
