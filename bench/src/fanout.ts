/**
 * The live-events fan-out scenario (PostgreSQL): thousands of open `GET /api/events/`
 * streams on one server while replies arrive at a steady rate, measuring how long a reply
 * takes to reach every stream that watches its thread, and what the streams cost in memory.
 *
 * Streams: four in five watch a thread (`?question=ID`, as a stranger's open thread does);
 * the rest are the askers' own streams (`X-Session-Id`), told their unread count. Replies
 * are posted from fresh keys, round robin over the threads. A reply's delay is measured
 * from the moment its POST is sent to the moment its `reply` event arrives on a stream, so
 * it includes the write itself: an upper bound on commit-to-delivery.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type ClientRequest, request } from 'node:http';
import { strongSessionId } from '@dating/contract';
import { type RunningServer, startServer, stopProcess } from './servers.ts';
import type { Target } from './targets.ts';

export interface FanoutOptions {
  streams: number;
  threads: number;
  repliesPerSecond: number;
  seconds: number;
}

export interface FanoutResult {
  streams: number;
  threads: number;
  replies: number;
  /** Replies the server refused or failed (503 under overload): not counted in the delays. */
  failedReplies: number;
  /** Reply events expected (each reply times the streams watching its thread) and received. */
  expected: number;
  delivered: number;
  notifications: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The server's resident memory growth per 1,000 open streams. */
  rssPerThousandStreamsMb: number;
}

const newKey = () => strongSessionId(randomUUID);

async function post(base: string, path: string, key: string, body: Record<string, unknown>) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': key },
    body: JSON.stringify({ ...body, session_id: key }),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

/** The server process's resident set in MB, from /proc (Linux). */
async function rssMb(server: RunningServer): Promise<number> {
  const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

interface OpenedStream {
  req: ClientRequest;
  ready: Promise<void>;
}

/**
 * One event stream, parsed as it arrives: each `reply` event's answer id is handed to
 * `onReply` with its arrival time, each `notification` to `onNotification`.
 */
function openStream(
  base: string,
  path: string,
  headers: Record<string, string>,
  onReply: (answer: number, at: number) => void,
  onNotification: () => void,
): OpenedStream {
  let opened: () => void = () => {};
  let failed: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    opened = resolve;
    failed = reject;
  });
  const req = request(`${base}${path}`, { headers, agent: false }, (res) => {
    if (res.statusCode !== 200) {
      failed(new Error(`GET ${path}: ${res.statusCode}`));
      res.resume();
      return;
    }
    opened();
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      const at = performance.now();
      buffer += chunk;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (block.includes('event: reply')) {
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) onReply((JSON.parse(data) as { answer: number }).answer, at);
        } else if (block.includes('event: notification')) onNotification();
      }
    });
  });
  req.on('error', (error) => failed(error));
  req.end();
  return { req, ready };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** One measured fan-out run on a fresh server on `target`'s database. */
export async function measureFanout(
  target: Target,
  options: FanoutOptions,
  env: Record<string, string> = {},
): Promise<FanoutResult> {
  // RATE_LIMITS stays off (startServer), which lifts the per-IP and per-identity stream
  // limits: every stream here comes from one address.
  const server = await startServer({
    env: { ...target.env, WEB_DIST_DIR: '/nonexistent', ...env },
  });
  const streams: OpenedStream[] = [];
  try {
    const threads: { id: number; askerKey: string }[] = [];
    for (let i = 0; i < options.threads; i += 1) {
      const askerKey = newKey();
      const { id } = await post(server.base, '/api/questions/', askerKey, {
        text: `<p>Fan-out thread ${i}: how soon should I reply to a first message?</p>`,
        tag_names: ['bench-fanout'],
        gender: 'W',
        age_range: '26-35',
      });
      threads.push({ id, askerKey });
    }

    const arrivals = new Map<number, number[]>();
    let notifications = 0;
    const onReply = (answer: number, at: number) => {
      const list = arrivals.get(answer);
      if (list) list.push(at);
      else arrivals.set(answer, [at]);
    };
    const watchers = new Map<number, number>();
    const before = await rssMb(server);
    for (let i = 0; i < options.streams; i += 1) {
      const thread = threads[i % threads.length] as (typeof threads)[number];
      const own = i % 5 === 4;
      const path = own ? '/api/events/' : `/api/events/?question=${thread.id}`;
      const headers: Record<string, string> = own ? { 'x-session-id': thread.askerKey } : {};
      if (!own) watchers.set(thread.id, (watchers.get(thread.id) ?? 0) + 1);
      streams.push(openStream(server.base, path, headers, onReply, () => (notifications += 1)));
      // Opened in batches, as visitors arrive, not as one burst of thousands of handshakes.
      if (i % 200 === 199) await Promise.all(streams.slice(-200).map((s) => s.ready));
    }
    await Promise.all(streams.map((s) => s.ready));
    await new Promise((r) => setTimeout(r, 2_000));
    const after = await rssMb(server);

    const sent = new Map<number, { at: number; thread: number }>();
    const total = options.repliesPerSecond * options.seconds;
    const interval = 1_000 / options.repliesPerSecond;
    const start = performance.now();
    const posts: Promise<void>[] = [];
    let failedReplies = 0;
    for (let n = 0; n < total; n += 1) {
      const due = start + n * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const thread = threads[n % threads.length] as (typeof threads)[number];
      const at = performance.now();
      posts.push(
        post(server.base, `/api/questions/${thread.id}/answers/`, newKey(), {
          text: `Fan-out reply ${n}: wait a day, then answer warmly.`,
        }).then(
          ({ id }) => {
            sent.set(id, { at, thread: thread.id });
          },
          () => {
            failedReplies += 1;
          },
        ),
      );
    }
    await Promise.all(posts);
    await new Promise((r) => setTimeout(r, 3_000));

    const delays: number[] = [];
    let expected = 0;
    for (const [answer, { at, thread }] of sent) {
      expected += watchers.get(thread) ?? 0;
      for (const arrival of arrivals.get(answer) ?? []) delays.push(arrival - at);
    }
    delays.sort((a, b) => a - b);
    return {
      streams: options.streams,
      threads: options.threads,
      replies: sent.size,
      failedReplies,
      expected,
      delivered: delays.length,
      notifications,
      p50Ms: percentile(delays, 50),
      p99Ms: percentile(delays, 99),
      maxMs: delays.at(-1) ?? Number.NaN,
      rssPerThousandStreamsMb: ((after - before) * 1_000) / options.streams,
    };
  } finally {
    for (const stream of streams) stream.req.destroy();
    await stopProcess(server.child);
  }
}

export function fanoutLine(r: FanoutResult): string {
  return `live events: ${r.streams.toLocaleString('en')} streams over ${r.threads} threads, ${r.replies} replies (${r.failedReplies} failed); delivered ${r.delivered.toLocaleString('en')} of ${r.expected.toLocaleString('en')} reply events, ${r.notifications.toLocaleString('en')} unread-count events; send-to-delivery p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms; server RSS ${r.rssPerThousandStreamsMb.toFixed(1)} MB per 1,000 streams`;
}
