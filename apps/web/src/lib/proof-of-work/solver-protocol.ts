/** Messages between the page and the solver worker. */
import type { PowChallenge } from '@dating/contract';

export interface SolveRequest {
  id: number;
  challenge: PowChallenge;
}

export interface SolveResponse {
  id: number;
  /** The `X-Altcha` value, or null when the challenge could not be solved. */
  payload: string | null;
  error?: string;
}
