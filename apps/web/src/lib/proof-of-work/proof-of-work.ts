/**
 * Proof-of-work for anonymous writes, on the page's side: a challenge from
 * `GET /api/challenge/` is fetched when a form opens (or a page with like buttons shows)
 * and solved in a Web Worker while the person types, so that Submit rarely waits. Each
 * solution is used once; the next one is solved ahead as soon as one is taken. Signed-in
 * users skip it, and a server with POW_DIFFICULTY=off answers 204 (nothing to solve).
 *
 * The worker (and altcha-lib in it) loads only when the first challenge is solved, so the
 * feed's first load does not carry it.
 */
import type { ErrorCode, PowChallenge } from '@dating/contract';
import { api, isRefusalWith } from '../api-client.ts';
import { tokens } from '../storage.ts';
import type { SolveRequest, SolveResponse } from './solver-protocol.ts';

/** A solution is not used this close to its challenge's expiry (the request takes time). */
const EXPIRY_MARGIN_MS = 60_000;

interface Solved {
  /** The `X-Altcha` value; null when the server asks for no proof-of-work. */
  payload: string | null;
  /** When the challenge expires (ms since the epoch); Infinity when there is none. */
  expiresAt: number;
}

let worker: Worker | null = null;
let workerFailed = false;
let nextRequestId = 1;
const waiting = new Map<number, (payload: string | null) => void>();

function startWorker(): Worker | null {
  if (worker || workerFailed) return worker;
  try {
    worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<SolveResponse>) => {
      const resolve = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      resolve?.(event.data.payload);
    });
    worker.addEventListener('error', () => {
      // The worker could not load: solve on the page from now on.
      workerFailed = true;
      worker?.terminate();
      worker = null;
      for (const resolve of waiting.values()) resolve(null);
      waiting.clear();
    });
  } catch {
    workerFailed = true;
  }
  return worker;
}

async function solveOnPage(challenge: PowChallenge): Promise<string | null> {
  const { solveToPayload } = await import('./solve.ts');
  return solveToPayload(challenge);
}

async function solve(challenge: PowChallenge): Promise<string | null> {
  const solver = startWorker();
  if (!solver) return solveOnPage(challenge);
  const id = nextRequestId++;
  const payload = await new Promise<string | null>((resolve) => {
    waiting.set(id, resolve);
    solver.postMessage({ id, challenge } satisfies SolveRequest);
  });
  // A worker that failed to start answers null: try once more on the page.
  return payload ?? (workerFailed ? solveOnPage(challenge) : null);
}

/** Fetches a fresh challenge and solves it. */
async function solveFresh(): Promise<Solved> {
  const challenge = await api.get<PowChallenge | undefined>('/api/challenge/');
  if (!challenge) return { payload: null, expiresAt: Number.POSITIVE_INFINITY };
  const payload = await solve(challenge);
  if (payload === null) throw new Error('The challenge could not be solved.');
  const expiresAt = challenge.parameters.expiresAt;
  return {
    payload,
    expiresAt: expiresAt === undefined ? Number.POSITIVE_INFINITY : expiresAt * 1000,
  };
}

/** The next solution: being solved, or solved and not yet used. */
let ahead: Promise<Solved> | null = null;

function solveAhead(): Promise<Solved> {
  const next = solveFresh();
  ahead = next;
  // A failure is not kept: the next form (or the write itself) tries again.
  next.catch(() => {
    if (ahead === next) ahead = null;
  });
  return next;
}

const signedIn = () => tokens.access() !== null;

/** Starts solving a challenge for the next anonymous write, unless one is on its way. */
export function prepareProofOfWork(): void {
  if (signedIn() || ahead) return;
  void solveAhead().catch(() => {
    // Reported when the write takes it.
  });
}

/** Takes the solution for one write (waiting for it if needed) and starts the next one. */
async function takeSolution(): Promise<string | null> {
  const current = ahead ?? solveFresh();
  ahead = null;
  let solved = await current.catch(() => solveFresh());
  if (solved.expiresAt - EXPIRY_MARGIN_MS < Date.now()) solved = await solveFresh();
  // The server wants proof-of-work: have the next write's ready before it is needed.
  if (solved.payload !== null) prepareProofOfWork();
  return solved.payload;
}

const POW_REFUSALS: readonly ErrorCode[] = ['powMissing', 'powInvalid', 'powExpired', 'powReused'];

/** The server refused the write for its proof-of-work (missing, invalid, expired, reused). */
export function isProofOfWorkRefusal(error: unknown): boolean {
  return isRefusalWith(error, POW_REFUSALS);
}

/**
 * Sends an anonymous write with a solved challenge (`X-Altcha`); signed in, without one.
 * When the server refuses the solution, a fresh challenge is solved and the write sent once
 * more (the caller keeps its Idempotency-Key, so the server cannot do it twice).
 */
export async function withProofOfWork<T>(
  send: (altcha: string | undefined) => Promise<T>,
): Promise<T> {
  if (signedIn()) {
    try {
      return await send(undefined);
    } catch (error) {
      // Signed out on the way (the session ended): the write went out anonymously.
      if (!isProofOfWorkRefusal(error)) throw error;
      return send((await solveFresh()).payload ?? undefined);
    }
  }
  const first = await takeSolution();
  try {
    return await send(first ?? undefined);
  } catch (error) {
    if (!isProofOfWorkRefusal(error)) throw error;
    // What was solved ahead may be as stale as what was refused: start from a new challenge.
    ahead = null;
    const fresh = await solveFresh();
    if (fresh.payload !== null) prepareProofOfWork();
    return send(fresh.payload ?? undefined);
  }
}
