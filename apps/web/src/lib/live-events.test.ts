import { describe, expect, it } from 'vitest';
import {
  LiveEvents,
  MAX_RECONNECT_MS,
  reconnectDelay,
  type ThreadListener,
} from './live-events.ts';

/** A thread's listener that takes its replies (and nothing more) to `onReply`. */
const replies = (onReply: (answer: number) => void = () => {}): ThreadListener => ({
  reply: onReply,
  unavailable: () => {},
});

/** One request the stream made, and the means to answer it. */
interface Call {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  /** Answers with an open stream; returns the means to write to it and end it. */
  open(): { write(text: string): void; end(): void };
  refuse(status: number, headers?: Record<string, string>): void;
  fail(): void;
}

function harness(identity: Record<string, string> | null = { 'X-Session-Id': 'key' }) {
  const calls: Call[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let unauthorized = 0;
  const live = new LiveEvents({
    baseUrl: '',
    identityHeaders: () => identity,
    onUnauthorized: async () => {
      unauthorized += 1;
    },
    random: () => 1,
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
    fetch: (url, init) =>
      new Promise<Response>((resolve, reject) => {
        const encoder = new TextEncoder();
        calls.push({
          url,
          headers: init.headers as Record<string, string>,
          signal: init.signal as AbortSignal,
          open() {
            let controller!: ReadableStreamDefaultController<Uint8Array>;
            const body = new ReadableStream<Uint8Array>({
              start: (c) => {
                controller = c;
              },
            });
            (init.signal as AbortSignal).addEventListener('abort', () => {
              try {
                controller.error(new DOMException('aborted', 'AbortError'));
              } catch {
                // Already closed.
              }
            });
            resolve(new Response(body, { status: 200 }));
            return {
              write: (text) => controller.enqueue(encoder.encode(text)),
              end: () => controller.close(),
            };
          },
          refuse(status, headers = {}) {
            resolve(new Response('{}', { status, headers }));
          },
          fail() {
            reject(new TypeError('network'));
          },
        });
      }),
  });
  live.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    live,
    calls,
    timers,
    settle,
    unauthorized: () => unauthorized,
    /** Runs the one pending timer. */
    async fire() {
      const timer = timers.shift();
      if (!timer) throw new Error('no timer pending');
      timer.run();
      await settle();
      return timer.ms;
    },
  };
}

describe('reconnectDelay', () => {
  it("grows from the server's retry and stops at 30 s, with jitter", () => {
    expect(reconnectDelay(0, 3000, 1)).toBe(3000);
    expect(reconnectDelay(1, 3000, 1)).toBe(6000);
    expect(reconnectDelay(0, 3000, 0)).toBe(1500);
    expect(reconnectDelay(0, null, 1)).toBe(1000);
    expect(reconnectDelay(20, 3000, 1)).toBe(MAX_RECONNECT_MS);
  });
});

describe('the live connection', () => {
  it('opens nothing without an identity or a thread to watch', async () => {
    const h = harness();
    await h.settle();
    expect(h.calls).toHaveLength(0);
  });

  it('opens nothing before it is started', async () => {
    const opened: string[] = [];
    const live = new LiveEvents({
      baseUrl: '',
      identityHeaders: () => null,
      onUnauthorized: async () => {},
      fetch: (url) => {
        opened.push(url);
        return new Promise<Response>(() => {});
      },
    });
    live.setIdentified(true);
    live.watch(1, 0, replies());
    expect(opened).toEqual([]);
    live.start();
    expect(opened).toEqual(['/api/events/?question=1']);
  });

  it('reads the unread count with the identity in a header, never in the address', async () => {
    const h = harness({ Authorization: 'Bearer token' });
    const seen: (number | null)[] = [];
    h.live.subscribeUnread(() => seen.push(h.live.getUnread()));
    h.live.setIdentified(true);
    expect(h.calls).toHaveLength(1);
    const call = h.calls[0];
    expect(call?.url).toBe('/api/events/');
    expect(call?.headers.Authorization).toBe('Bearer token');
    const stream = call?.open();
    await h.settle();
    stream?.write('retry: 3000\nid: 0.0\n\n');
    stream?.write('id: 0.1\nevent: notification\ndata: {"unread": 2}\n\n');
    await h.settle();
    expect(h.live.getUnread()).toBe(2);
    stream?.write('id: 0.2\nevent: notification\ndata: {"unread": 0}\n\n');
    await h.settle();
    expect(seen).toEqual([2, 0]);
  });

  it('watches a thread without an identity, and tells only of that thread', async () => {
    const h = harness(null);
    const seen: number[] = [];
    const stop = h.live.watch(
      7,
      11,
      replies((answer) => seen.push(answer)),
    );
    expect(h.calls[0]?.url).toBe('/api/events/?question=7');
    expect(h.calls[0]?.headers['X-Session-Id']).toBeUndefined();
    // From the newest reply the page shows: one posted before the stream opened still comes.
    expect(h.calls[0]?.headers['Last-Event-ID']).toBe('11.0');
    const stream = h.calls[0]?.open();
    await h.settle();
    stream?.write('id: 12.1\nevent: reply\ndata: {"question":7,"answer":12}\n\n');
    stream?.write('id: 13.2\nevent: reply\ndata: {"question":8,"answer":13}\n\n');
    await h.settle();
    expect(seen).toEqual([12]);
    stop();
    expect(h.calls[0]?.signal.aborted).toBe(true);
  });

  it('opens again after the stream ends, resuming from the last event id, with a growing delay', async () => {
    const h = harness();
    h.live.setIdentified(true);
    h.live.watch(3, 0, replies());
    const first = h.calls.at(-1);
    const stream = first?.open();
    await h.settle();
    stream?.write('retry: 3000\nid: 40.0\n\n');
    stream?.end();
    await h.settle();
    expect(await h.fire()).toBe(3000);
    expect(h.calls.at(-1)?.headers['Last-Event-ID']).toBe('40.0');
    // It fails twice: each wait is longer.
    h.calls.at(-1)?.fail();
    await h.settle();
    expect(await h.fire()).toBe(6000);
    h.calls.at(-1)?.fail();
    await h.settle();
    expect(await h.fire()).toBe(12000);
    // Another thread starts from its own newest reply, not from the first one's position.
    h.live.watch(4, 2, replies());
    expect(h.calls.at(-1)?.url).toBe('/api/events/?question=4');
    expect(h.calls.at(-1)?.headers['Last-Event-ID']).toBe('2.0');
  });

  it("waits a 429's Retry-After, and lets a 401 refresh the token first", async () => {
    const h = harness();
    h.live.setIdentified(true);
    h.calls[0]?.refuse(429, { 'Retry-After': '30' });
    await h.settle();
    expect(await h.fire()).toBe(30_000);
    h.calls[1]?.refuse(401);
    await h.settle();
    expect(h.unauthorized()).toBe(1);
    expect(h.timers).toHaveLength(1);
  });

  it('stops watching a thread that is gone (404) but keeps the notifications', async () => {
    const h = harness();
    h.live.setIdentified(true);
    let gone = 0;
    h.live.watch(9, 0, { reply: () => {}, unavailable: () => (gone += 1) });
    h.calls.at(-1)?.refuse(404);
    await h.settle();
    expect(h.calls.at(-1)?.url).toBe('/api/events/');
    expect(gone).toBe(1);
  });

  it('stops watching a thread that becomes unavailable, says so once, and keeps the notifications', async () => {
    const h = harness();
    h.live.setIdentified(true);
    const told: string[] = [];
    h.live.watch(9, 0, {
      reply: (answer) => told.push(`reply ${answer}`),
      unavailable: () => told.push('unavailable'),
    });
    const watched = h.calls.at(-1);
    const stream = watched?.open();
    await h.settle();
    // Another thread's event says nothing of this one.
    stream?.write('id: 0.1\nevent: unavailable\ndata: {"question":8}\n\n');
    await h.settle();
    expect(told).toEqual([]);
    stream?.write('id: 0.2\nevent: unavailable\ndata: {"question":9}\n\n');
    await h.settle();
    expect(told).toEqual(['unavailable']);
    expect(watched?.signal.aborted).toBe(true);
    const next = h.calls.at(-1);
    expect(next?.url).toBe('/api/events/');
    // Not resumed from the thread's position: a stream of notifications only, afresh.
    expect(next?.headers['Last-Event-ID']).toBeUndefined();
    expect(h.timers).toHaveLength(0);
  });

  it('forgets the count and starts again when the identity changes', async () => {
    const h = harness();
    h.live.setIdentified(true);
    const stream = h.calls[0]?.open();
    await h.settle();
    stream?.write('event: notification\ndata: {"unread": 5}\n\n');
    await h.settle();
    expect(h.live.getUnread()).toBe(5);
    h.live.restart();
    expect(h.live.getUnread()).toBeNull();
    expect(h.calls[0]?.signal.aborted).toBe(true);
    expect(h.calls).toHaveLength(2);
    h.live.setIdentified(false);
    expect(h.calls[1]?.signal.aborted).toBe(true);
  });
});
