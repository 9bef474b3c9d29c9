/**
 * The tab's one live connection to `GET /api/events/`: the visitor's unread count (when they
 * have an identity: signed in, or a key with posts in this tab) and the replies of the
 * thread on screen. It is read with fetch streaming, because EventSource cannot send the
 * identity headers, and a key or a token never goes in an address. One stream per tab
 * carries both, since the server allows only a few streams per identity.
 *
 * A stream that ends or fails is opened again after a growing, jittered delay (from the
 * server's `retry:` up to 30 s), with `Last-Event-ID` so that the thread's replies missed
 * meanwhile still come; a 429 waits its Retry-After, a 401 lets the token be refreshed first.
 */
import { LIVE_EVENTS } from '@dating/contract';
import { createSseParser } from './sse.ts';

export const MAX_RECONNECT_MS = 30_000;
const DEFAULT_RECONNECT_MS = 1_000;

/** How long to wait before the `attempt`-th reconnection in a row (0 is the first). */
export function reconnectDelay(attempt: number, retryMs: number | null, random: number): number {
  const base = retryMs ?? DEFAULT_RECONNECT_MS;
  const delay = Math.min(MAX_RECONNECT_MS, base * 2 ** Math.min(attempt, 10));
  // Half to all of it, so that clients dropped together do not all come back together.
  return Math.round(delay * (0.5 + random / 2));
}

export interface LiveEventsDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  baseUrl: string;
  /** The visitor's identity headers (a bearer token, or X-Session-Id), or null. */
  identityHeaders: () => Record<string, string> | null;
  /** After a 401: refresh the token (or sign out) before the stream is opened again. */
  onUnauthorized: () => Promise<void>;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  random?: () => number;
}

type Listener = () => void;
type ReplyListener = (answer: number) => void;
/** What a watched thread's page is told: a reply became visible, or the question went. */
export interface ThreadListener {
  reply: ReplyListener;
  /** The question was deleted or hidden from the visitor: it is watched no more. */
  unavailable: () => void;
}

interface Connection {
  controller: AbortController;
  key: string;
}

export class LiveEvents {
  /** Nothing is opened before start(): the first screen's own requests come first. */
  private started = false;
  private identified = false;
  private watching: { question: number; since: number; listener: ThreadListener } | null = null;
  private unread: number | null = null;
  private readonly unreadListeners = new Set<Listener>();
  private connection: Connection | null = null;
  private timer: unknown = null;
  /** The stream a scheduled reconnection will open. */
  private waiting: string | null = null;
  private attempt = 0;
  private retryMs: number | null = null;
  /** Where the last stream stopped, and for which thread (an id is about one thread). */
  private resume: { id: string; question: number | null } | null = null;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private readonly random: () => number;

  constructor(private readonly deps: LiveEventsDeps) {
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as number));
    this.random = deps.random ?? Math.random;
  }

  /** The unread count the server last sent; null without an identity or before the first. */
  getUnread = (): number | null => this.unread;

  subscribeUnread = (listener: Listener): (() => void) => {
    this.unreadListeners.add(listener);
    return () => this.unreadListeners.delete(listener);
  };

  /** Whether the visitor has an identity whose notifications to follow. */
  setIdentified(identified: boolean) {
    if (this.identified === identified) return;
    this.identified = identified;
    if (!identified) this.setUnreadCount(null);
    this.sync();
  }

  /** The identity changed (signed in or out, another key): a new stream, from scratch. */
  restart() {
    this.setUnreadCount(null);
    this.resume = null;
    this.close();
    this.sync();
  }

  /** Opens what is wanted from now on. */
  start() {
    if (this.started) return;
    this.started = true;
    this.sync();
  }

  /**
   * Tells `listener` of each reply that becomes visible in `question`, while on screen,
   * from the reply `since` on (the newest the page shows; 0 for none): a reply posted
   * before the stream opens still comes; and once, when the question is no longer
   * available (deleted, or hidden from the visitor), after which it is watched no more.
   */
  watch(question: number, since: number, listener: ThreadListener): () => void {
    const watching = { question, since, listener };
    this.watching = watching;
    this.sync();
    return () => {
      if (this.watching !== watching) return;
      this.watching = null;
      this.sync();
    };
  }

  /** Back online: a stream waiting to be opened again is opened now. */
  retryNow() {
    if (this.timer === null) return;
    this.clearTimer(this.timer);
    this.timer = null;
    this.sync();
  }

  /** The address the stream should have now, or null when none is needed. */
  private wanted(): string | null {
    const question = this.watching?.question ?? null;
    if (!this.identified && question === null) return null;
    return `${this.deps.baseUrl}/api/events/${question === null ? '' : `?question=${question}`}`;
  }

  private sync() {
    if (!this.started) return;
    const url = this.wanted();
    const key = url === null ? null : `${this.identified}|${url}`;
    if (key !== null && this.connection?.key === key) return;
    // The same stream failed and is to be opened again: its delay holds.
    if (key !== null && this.timer !== null && this.waiting === key) return;
    const retrying = key !== null && key === this.waiting;
    this.close();
    this.waiting = null;
    if (url === null || key === null) return;
    if (!retrying) this.attempt = 0;
    void this.connect(url, key);
  }

  private close() {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.connection?.controller.abort();
    this.connection = null;
  }

  private setUnreadCount(count: number | null) {
    if (this.unread === count) return;
    this.unread = count;
    for (const listener of this.unreadListeners) listener();
  }

  private schedule(ms?: number) {
    this.waiting = this.connection?.key ?? null;
    this.connection = null;
    const delay = ms ?? reconnectDelay(this.attempt, this.retryMs, this.random());
    this.attempt += 1;
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.sync();
    }, delay);
  }

  private async connect(url: string, key: string) {
    const controller = new AbortController();
    const connection: Connection = { controller, key };
    this.connection = connection;
    const question = this.watching?.question ?? null;
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (this.identified) Object.assign(headers, this.deps.identityHeaders() ?? {});
    if (this.resume !== null && this.resume.question === question) {
      headers['Last-Event-ID'] = this.resume.id;
    } else if (question !== null && this.watching !== null) {
      // The server's ids are "<newest reply passed>.<events sent>".
      headers['Last-Event-ID'] = `${this.watching.since}.0`;
    }
    const current = () => this.connection === connection && !controller.signal.aborted;

    let response: Response;
    try {
      response = await this.deps.fetch(url, {
        headers,
        signal: controller.signal,
        credentials: 'include',
        cache: 'no-store',
      });
    } catch {
      if (current()) this.schedule();
      return;
    }
    if (!current()) return;
    if (!response.ok || response.body === null) {
      await this.refused(response, question, connection);
      return;
    }

    this.attempt = 0;
    const parser = createSseParser((event) => {
      if (!current()) return;
      this.deliver(event.event, event.data, question);
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || !current()) break;
        parser.push(decoder.decode(value, { stream: true }));
        this.retryMs = parser.retry ?? this.retryMs;
        if (parser.lastEventId !== '') this.resume = { id: parser.lastEventId, question };
      }
    } catch {
      // The connection dropped: opened again below.
    }
    if (current()) this.schedule();
  }

  private async refused(response: Response, question: number | null, connection: Connection) {
    const status = response.status;
    if (status === 404 && question !== null && this.watching?.question === question) {
      // The thread is gone (deleted or hidden): stop watching it; notifications go on.
      const { listener } = this.watching;
      this.connection = null;
      this.watching = null;
      this.sync();
      listener.unavailable();
      return;
    }
    if (status === 400) {
      // Nothing this tab can send would be accepted (no identity): give up until it changes.
      this.connection = null;
      return;
    }
    if (status === 401) await this.deps.onUnauthorized();
    if (this.connection !== connection) return;
    const retryAfter = Number(response.headers.get('Retry-After'));
    this.schedule(
      status === 429 && retryAfter > 0
        ? Math.min(retryAfter * 1000, 5 * MAX_RECONNECT_MS)
        : undefined,
    );
  }

  private deliver(event: string, data: string, question: number | null) {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof payload !== 'object' || payload === null) return;
    const fields = payload as Record<string, unknown>;
    if (
      event === LIVE_EVENTS.notification &&
      typeof fields.unread === 'number' &&
      this.identified
    ) {
      this.setUnreadCount(fields.unread);
    } else if (
      event === LIVE_EVENTS.reply &&
      typeof fields.answer === 'number' &&
      fields.question === question &&
      this.watching?.question === question
    ) {
      this.watching.listener.reply(fields.answer);
    } else if (
      event === LIVE_EVENTS.unavailable &&
      fields.question === question &&
      this.watching?.question === question
    ) {
      // The server ends this stream: notifications go on in one without the thread.
      const { listener } = this.watching;
      this.watching = null;
      this.resume = null;
      this.sync();
      listener.unavailable();
    }
  }
}
