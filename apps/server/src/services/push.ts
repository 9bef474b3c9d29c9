/**
 * Web Push: telling a device that asked to be told, through its browser's push service,
 * with the `web-push` library (VAPID, RFC 8292; aes128gcm payload encryption, RFC 8291).
 *
 * When a notification is written for a recipient who has a subscription, the trigger of
 * migration 0014 queues a push in the same transaction, and the database announces it on
 * the live events channel when it commits. Every instance hears it; the one that takes the
 * queued row (a DELETE, so only one can) sends it. So a push is sent once, after the write
 * committed, and never for one that rolled back; the write itself never waits for a push
 * service, nor fails with it. After the change feed missed announcements (a lost
 * connection), the queue is drained; pushes older than `STALE_AFTER_MS` are dropped then.
 *
 * A push carries only `{kind, url}`: no text of any post, and nothing a push service could
 * read (it is encrypted to the browser's keys). The browser's service worker shows a
 * generic line per kind. A push service answering 404 or 410 says the subscription is
 * gone: it is forgotten. Every request to a push service is bounded by `SEND_TIMEOUT_MS`.
 *
 * An endpoint must be https on port 443, to a named host whose every address is public
 * (lib/public-addresses.ts): checked when the browser subscribes (400 on `endpoint`), and
 * again as each push connects, since DNS can change (the connection goes to the addresses
 * just checked). A push whose host leads inside at send time is not sent, and the
 * subscription is kept: a refused address says nothing about whether the browser is still
 * subscribed, and dropping it would tell whoever controls the name (one bit, again) that
 * the server looked. It is logged, without the endpoint.
 */
import { createECDH } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  type ErrorCode,
  LIMITS,
  notificationPath,
  type PushPayload,
  type PushSubscriptionBody,
  RETENTION,
} from '@dating/contract';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Author } from '../auth/identity.ts';
import type { VapidKeys } from '../config.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Db } from '../db/connection.ts';
import { type FieldMessages, fieldError, fieldErrors } from '../lib/http-errors.ts';
import {
  guardedLookup,
  type HostResolver,
  hostProblem,
  NOT_PUBLIC,
} from '../lib/public-addresses.ts';
import {
  deleteSubscription,
  dropSubscription,
  type PushSubscriptionRow,
  type QueuedPush,
  saveSubscription,
  subscriptionsOf,
  takeQueuedPush,
  takeQueuedPushes,
} from '../repositories/push-subscriptions.ts';

/** The longest one request to a push service may take, connecting included. */
export const SEND_TIMEOUT_MS = 5_000;
/** How long a push service keeps a push for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
/** Pushes sent at once by one instance; the rest wait their turn. */
const CONCURRENCY = 8;
/** Pushes waiting beyond this many are dropped (logged): a flood must not grow memory. */
const QUEUE_MAX = 10_000;
/** A push queued longer ago than this is old news by the time the feed comes back. */
export const STALE_AFTER_MS = RETENTION.queuedPushMinutes * 60 * 1000;
const DRAIN_BATCH = 500;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Unpadded base64url of a P-256 uncompressed point (65 bytes) and of a 16-byte secret. */
const P256DH_LENGTH = 87;
const AUTH_LENGTH = 22;

/**
 * Why an endpoint cannot be pushed to, by its spelling (a code), or null. Only https on port 443,
 * to a named host: never an address or a name for this machine, so that a subscription
 * cannot aim the server's requests at its own network (where the name leads is checked
 * apart: `destinationProblem`). With `allowInsecure` (tests), http://127.0.0.1 too.
 */
export function endpointProblem(endpoint: string, allowInsecure: boolean): ErrorCode | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'pushEndpointInvalid';
  }
  if (isInsecureStub(url, allowInsecure)) return null;
  if (url.protocol !== 'https:') return 'pushEndpointInsecure';
  // The URL parser drops the scheme's default port: any port left is another one.
  if (url.port !== '') return 'pushEndpointPort';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    url.username !== '' ||
    url.password !== '' ||
    isIP(host) !== 0 ||
    !host.includes('.') ||
    /(^|\.)(localhost|local|internal|localdomain)$/.test(host.replace(/\.$/, ''))
  ) {
    return 'pushEndpointInvalid';
  }
  return null;
}

/** Whether the endpoint is the test stub's, which `allowInsecure` lets through unresolved. */
function isInsecureStub(url: URL, allowInsecure: boolean) {
  return allowInsecure && url.protocol === 'http:' && url.hostname === '127.0.0.1';
}

/** How endpoints are checked: the spelling's exception for tests, and the resolver. */
export interface EndpointRules {
  allowInsecure: boolean;
  resolveHost: HostResolver;
}

/**
 * Why an endpoint well spelled cannot be pushed to, by where its host leads (every address
 * public), by its code, or null.
 */
export async function destinationProblem(
  endpoint: string,
  rules: EndpointRules,
): Promise<ErrorCode | null> {
  const url = new URL(endpoint);
  if (isInsecureStub(url, rules.allowInsecure)) return null;
  const problem = await hostProblem(url.hostname, rules.resolveHost);
  if (problem === 'unresolved') return 'pushEndpointUnresolved';
  if (problem === 'private') return 'pushEndpointPrivate';
  return null;
}

const VALIDATOR = createECDH('prime256v1');
VALIDATOR.generateKeys();

/** Whether a base64url text is a point on P-256 (a browser's `p256dh`). */
function isP256Point(value: string): boolean {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    // Agreeing a secret with it fails for a point that is not on the curve.
    VALIDATOR.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Every problem of a subscription the browser sent, by field. */
export function subscriptionProblems(
  body: PushSubscriptionBody,
  allowInsecure: boolean,
): FieldMessages {
  const problems: FieldMessages = {};
  const endpoint = endpointProblem(body.endpoint, allowInsecure);
  if (endpoint !== null) problems.endpoint = [endpoint];
  // Both keys' problems go under `keys`, as the schema's own errors of nested fields do.
  const { p256dh, auth } = body.keys;
  const keys: ErrorCode[] = [];
  if (!(p256dh.length === P256DH_LENGTH && BASE64URL.test(p256dh) && isP256Point(p256dh))) {
    keys.push('pushP256dhInvalid');
  }
  if (!(auth.length === AUTH_LENGTH && BASE64URL.test(auth))) keys.push('pushAuthInvalid');
  if (keys.length > 0) problems.keys = keys;
  return problems;
}

/**
 * Keeps the browser's subscription under the identity: 400 for bad input, an endpoint whose
 * host does not lead to the public internet, or too many.
 */
export async function subscribe(
  db: Db,
  author: Author,
  body: PushSubscriptionBody,
  rules: EndpointRules,
) {
  const problems = subscriptionProblems(body, rules.allowInsecure);
  if (problems.endpoint === undefined) {
    const destination = await destinationProblem(body.endpoint, rules);
    if (destination !== null) problems.endpoint = [destination];
  }
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);
  const kept = await saveSubscription(
    db,
    author,
    { endpoint: body.endpoint, ...body.keys },
    LIMITS.pushSubscriptionsMax,
  );
  if (!kept) throw fieldError('endpoint', 'pushSubscriptionsMax');
}

export function unsubscribe(db: Db, author: Author, endpoint: string) {
  return deleteSubscription(db, author, endpoint);
}

/** What a push says: the kind of news and the page it opens, nothing of a post. */
export function payloadOf(queued: QueuedPush): PushPayload {
  return {
    kind: queued.kind,
    url: notificationPath(queued.kind, queued.question_id, queued.answer_id),
  };
}

export interface PushSettings extends EndpointRules {
  vapid: VapidKeys;
  subject: string;
}

/**
 * POSTs the push; resolves with the push service's status, bounded by SEND_TIMEOUT_MS. The
 * host is resolved by `resolveHost` and connected to only when every address is public
 * (else an error with code NOT_PUBLIC).
 */
export function post(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
  resolveHost: HostResolver,
) {
  return new Promise<number>((resolve, reject) => {
    const url = new URL(endpoint);
    const request = (url.protocol === 'http:' ? http : https).request(url, {
      method: 'POST',
      headers,
      lookup: guardedLookup(resolveHost),
      // Never follows redirects (node:http does not): the push goes where the browser said.
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

export class PushSender {
  private readonly waiting: Array<() => Promise<void>> = [];
  private running = 0;
  private readonly idle = new Set<() => void>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly settings: PushSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** How subscriptions' endpoints are checked (routes/api/push). */
  get endpointRules(): EndpointRules {
    return { allowInsecure: this.settings.allowInsecure, resolveHost: this.settings.resolveHost };
  }

  /** The VAPID public key: browsers subscribe with it as their `applicationServerKey`. */
  get publicKey() {
    return this.settings.vapid.publicKey;
  }

  /** Hears the queued pushes' announcements, and sends what was queued while none listened. */
  async start(feed: ChangeFeed) {
    this.stopListening = await feed.listen(
      (payload) => this.hear(payload),
      () => this.drain(),
    );
    this.drain();
  }

  /** Stops hearing, and waits for the pushes in flight (each bounded by SEND_TIMEOUT_MS). */
  async stop() {
    await this.stopListening?.();
    this.stopListening = null;
    this.waiting.length = 0;
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.add(resolve));
  }

  private hear(payload: string) {
    const match = /^p:(\d{1,10})$/.exec(payload);
    if (match === null) return;
    const id = Number(match[1]);
    this.enqueue(async () => {
      const queued = await takeQueuedPush(this.db, id);
      if (queued !== null) await this.deliver(queued);
    });
  }

  /** Sends what is queued: announcements were missed, or nobody listened when they came. */
  private drain() {
    this.enqueue(async () => {
      const taken = await takeQueuedPushes(this.db, DRAIN_BATCH);
      const fresh = taken.filter((q) => Date.now() - q.created_at.getTime() < STALE_AFTER_MS);
      for (const queued of fresh) this.enqueue(() => this.deliver(queued));
      if (taken.length === DRAIN_BATCH) this.drain();
    });
  }

  private enqueue(job: () => Promise<void>) {
    if (this.stopListening === null) return;
    if (this.waiting.length >= QUEUE_MAX) {
      this.log.warn('push queue full: a push was dropped');
      return;
    }
    this.waiting.push(job);
    this.next();
  }

  private next() {
    while (this.running < CONCURRENCY && this.waiting.length > 0) {
      const job = this.waiting.shift() as () => Promise<void>;
      this.running += 1;
      job()
        .catch((error: unknown) => this.log.warn({ err: error }, 'could not send a push'))
        .finally(() => {
          this.running -= 1;
          this.next();
          if (this.running === 0 && this.waiting.length === 0) {
            for (const resolve of this.idle) resolve();
            this.idle.clear();
          }
        });
    }
  }

  /** Sends one queued push to each of its recipient's subscriptions. */
  private async deliver(queued: QueuedPush) {
    const payload = JSON.stringify(payloadOf(queued));
    const subscriptions = await subscriptionsOf(this.db, queued);
    await Promise.all(subscriptions.map((subscription) => this.send(subscription, payload)));
  }

  private async send(subscription: PushSubscriptionRow, payload: string) {
    // Checked again: PUSH_ALLOW_INSECURE may have been turned off since it was kept.
    if (endpointProblem(subscription.endpoint, this.settings.allowInsecure) !== null) {
      await dropSubscription(this.db, subscription.id);
      return;
    }
    const { vapid, subject } = this.settings;
    const details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    let status: number;
    try {
      status = await post(
        details.endpoint,
        details.headers,
        details.body,
        this.settings.resolveHost,
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === NOT_PUBLIC) {
        // Not sent, and kept (see the top of this file); the endpoint is not logged.
        this.log.warn('a push endpoint’s host leads to an address that is not public: not sent');
        return;
      }
      // The endpoint is a capability: it is not logged.
      this.log.warn({ err: error }, 'a push service could not be reached');
      return;
    }
    if (status === 404 || status === 410) {
      await dropSubscription(this.db, subscription.id);
    } else if (status < 200 || status > 299) {
      this.log.warn({ status }, 'a push service refused a push');
    }
  }
}
