/**
 * Idempotency keys for the calls that create something. A route opts in with
 * `config: { idempotent: true }` and takes the key in the transaction that creates
 * (`await request.idempotency?.claim(tx)`). A client sends `Idempotency-Key` (8 to 128
 * characters of `A-Z a-z 0-9 _ -`, else 400) and may repeat the request with the same key
 * for 24 hours:
 * - a repeat from the same identity (the user, else the anonymous session, else the IP)
 *   answers the first response, same status and body, with `Idempotency-Replayed: true`,
 *   and creates nothing; keys are per identity, so another person's key never replays
 *   someone else's response;
 * - a repeat while the first is still being processed answers 409 with Retry-After;
 *   one whose first request committed but whose response never reached the client (the
 *   connection or the server died) replays that response, kept in the same transaction
 *   as what it created; neither creates anything;
 * - the same key with a different request (method, address or body) answers 422.
 * The key is recorded in the same transaction as what the request creates, so it exists
 * if and only if that creation committed: a crash (kill -9) at any moment cannot let a
 * retry create twice. Only successful (2xx) responses are kept; a request that failed
 * leaves no key, and may be retried. Keys live in the database (migration 0005) as keyed
 * hashes, and expire after 24 hours.
 */
import { createHmac } from 'node:crypto';
import { RETENTION } from '@dating/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor, WriteClaim } from '../db/connection.ts';
import { WriteBatcher } from '../db/write-batches.ts';
import { badRequest, detailError, type HttpError } from '../lib/http-errors.ts';
import {
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  findIdempotencyKey,
  findIdempotencyKeys,
  recordIdempotentResponse,
} from '../repositories/idempotency-keys.ts';
import { viewerOf } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call creates something and honours Idempotency-Key. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The request's idempotency key, when its route opted in and it sent one. */
    idempotency: IdempotencyKey | null;
  }
}

/**
 * Taken inside the transaction that creates, so it commits with what is created, or not at
 * all. `answering(status, present)` is the claim a write takes: `present` turns the write's
 * result into the response body, which is kept in the same transaction.
 */
export interface IdempotencyKey {
  answering<R>(
    status: number,
    present: (result: R, tx: Executor) => unknown | Promise<unknown>,
  ): WriteClaim<R>;
}

export interface IdempotencyOptions {
  /** The server secret the keyed hashes are derived from. */
  secret: string;
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** How long a key and its response are kept (the privacy page says so). */
export const LIFETIME_MS = RETENTION.idempotencyKeyHours * 60 * 60 * 1000;
/** A key whose response is still missing after this long lost it (its server died). */
const RESPONSE_LOST_AFTER_MS = 60_000;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** JSON with object keys sorted, so that the same body always has the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The requester's own session id is a secret the server never stores: it is kept as
 * `true` and put back from the repeating request, which has the same session.
 */
const SESSION_MARK = true;
function withoutSession(body: string, sessionId: string | null): string {
  if (sessionId === null) return body;
  return JSON.stringify(
    JSON.parse(body, (key, value) =>
      key === 'session_id' && value === sessionId ? SESSION_MARK : value,
    ),
  );
}
function withSession(body: string, sessionId: string | null): string {
  return JSON.stringify(
    JSON.parse(body, (key, value) =>
      key === 'session_id' && value === SESSION_MARK ? sessionId : value,
    ),
  );
}

interface KeyState {
  id: Buffer;
  fingerprint: Buffer;
  sessionId: string | null;
  claimed: boolean;
  /** The response is kept already, by the transaction that created (`keep`, `response`). */
  kept: boolean;
}

const states = new WeakMap<FastifyRequest, KeyState>();

export default fp(
  async (app: FastifyInstance, options: IdempotencyOptions) => {
    const hmacKey = createHmac('sha256', options.secret).update('idempotency-v1').digest();
    const keyedHash = (...parts: string[]) =>
      createHmac('sha256', hmacKey).update(parts.join('\n')).digest();
    const keyOf = (state: KeyState) => ({
      id: state.id,
      fingerprint: state.fingerprint,
      expiresAt: new Date(Date.now() + LIFETIME_MS),
    });
    const claimFor = (state: KeyState, db: Executor) => claimIdempotencyKey(db, keyOf(state));
    const inProgress = () => detailError(409, 'idempotencyInProgress', { 'Retry-After': '1' });

    /**
     * Whether a request's key is in force, asked of the database for many requests at once:
     * nearly every key is new, and the lookups that arrive while one statement runs share
     * the next (db/write-batches.ts), each sent after its requests arrived.
     */
    const lookups = new WriteBatcher((ids: readonly Buffer[]) => findIdempotencyKeys(app.db, ids), {
      maxInFlight: 2,
      maxBatch: 100,
    });

    /** How a repeat of a request whose key is in force is answered. */
    function repeatAnswer(
      row: Pick<
        NonNullable<Awaited<ReturnType<typeof findIdempotencyKey>>>,
        'fingerprint' | 'status' | 'body' | 'created_at'
      >,
      state: KeyState,
    ): { status: number; body: string; headers: Record<string, string> } {
      const refusal = (error: HttpError) => ({
        status: error.statusCode,
        body: JSON.stringify(error.body),
        headers: error.headers,
      });
      if (!row.fingerprint.equals(state.fingerprint)) {
        return refusal(detailError(422, 'idempotencyKeyReused'));
      }
      if (row.status === null || row.body === null) {
        const age = Date.now() - row.created_at.getTime();
        if (age < RESPONSE_LOST_AFTER_MS) return refusal(inProgress());
        return refusal(detailError(409, 'idempotencyResponseLost'));
      }
      return {
        status: row.status,
        body: withSession(row.body, state.sessionId),
        headers: { 'Idempotency-Replayed': 'true' },
      };
    }

    app.decorateRequest('idempotency', null);

    const lookUp: preHandlerAsyncHookHandler = async (request, reply) => {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
        throw badRequest('idempotencyKeyInvalid');
      }
      const body = request.body as { session_id?: unknown } | undefined;
      const viewer = viewerOf(request, body?.session_id);
      const identity = viewer.user
        ? `user ${viewer.user.id}`
        : viewer.sessionHash
          ? `session ${viewer.sessionHash.toString('hex')}`
          : `ip ${request.ip}`;
      const state: KeyState = {
        id: keyedHash('key', identity, header),
        fingerprint: keyedHash('request', request.method, request.url, canonicalJson(body)),
        sessionId: viewer.sessionId,
        claimed: false,
        kept: false,
      };
      const row = await lookups.submit(state.id);
      if (row) {
        const answer = repeatAnswer(row, state);
        return reply
          .code(answer.status)
          .type('application/json; charset=utf-8')
          .headers(answer.headers)
          .send(answer.body);
      }
      states.set(request, state);
      request.idempotency = {
        answering: (status, present) => {
          // The route's own response writer: what is kept is what would be sent, and the
          // schema's serializer drops whatever the schema does not name.
          const response = async (tx: Executor, result: Parameters<typeof present>[0]) => {
            const serialize = reply.getSerializationFunction(String(status));
            const value = (await present(result, tx)) as Record<string, unknown>;
            const body = serialize ? serialize(value) : JSON.stringify(value);
            // Kept by the caller's transaction: if it rolls back, so does `claimed`.
            state.kept = true;
            return { id: state.id, status, body: withoutSession(body, state.sessionId) };
          };
          return {
            async claim(tx) {
              if (!(await claimFor(state, tx))) throw inProgress();
              state.claimed = true;
            },
            async keep(tx, result) {
              const { status: kept, body } = await response(tx, result);
              await recordIdempotentResponse(tx, state.id, { status: kept, body });
            },
            key: keyOf(state),
            taken() {
              state.claimed = true;
            },
            response,
          };
        },
      };
    };

    app.addHook('onRoute', (route) => {
      if (route.config?.idempotent !== true) return;
      const existing = route.preHandler;
      // First, before the rate limits: a repeat is answered without counting again.
      route.preHandler = [
        lookUp,
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ];
      const onSend = route.onSend;
      route.onSend = [
        ...(onSend === undefined ? [] : Array.isArray(onSend) ? onSend : [onSend]),
        async (request, reply, payload) => {
          const state = states.get(request);
          if (!state || typeof payload !== 'string') return payload;
          if (reply.statusCode >= 400 && reply.statusCode < 500 && !state.claimed) {
            // Refused, maybe for what a twin with the same key did meanwhile (a name it
            // took, a limit it spent): if that twin has taken the key, answer as a repeat.
            const row = await findIdempotencyKey(app.db, state.id).catch(() => undefined);
            if (!row) return payload;
            const answer = repeatAnswer(row, state);
            reply.code(answer.status).headers(answer.headers);
            return answer.body;
          }
          if (reply.statusCode < 200 || reply.statusCode > 299) return payload;
          // Kept with what it created: another statement would find nothing to do.
          if (state.kept) return payload;
          try {
            // A route whose creating needs no transaction of its own takes the key now.
            if (state.claimed || (await claimFor(state, app.db))) {
              await recordIdempotentResponse(app.db, state.id, {
                status: reply.statusCode,
                body: withoutSession(payload, state.sessionId),
              });
            }
          } catch (error) {
            // The creation stands; a repeat will be told its response was lost.
            request.log.warn({ err: error }, 'could not keep the response of an idempotency key');
          }
          return payload;
        },
      ];
    });

    const sweep = () =>
      deleteExpiredIdempotencyKeys(app.db).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not drop expired idempotency keys');
        return 0;
      });
    let sweeper: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      sweeper = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(sweeper));
  },
  { name: 'idempotency', dependencies: ['services', 'rate-limit'] },
);
