/**
 * Server-sent event streams (`GET /api/events/`), fed by the database's change feed
 * (db/change-feed.ts), so that every instance hears every committed change and tells the
 * streams it holds:
 *
 * - `notification` `{"unread": n}` to the streams of an identity (account or key) whose
 *   unread count may have changed, read again (services/unread-counts.ts);
 * - `reply` `{"question": q, "answer": a}` to the streams watching thread q, when a reply
 *   there becomes visible to strangers;
 * - `unavailable` `{"question": q}` to the streams watching thread q when it is deleted, or
 *   hidden by reports from the stream's viewer (all but its asker's and admins'), which
 *   then end: nothing more of that thread reaches them (a new stream on it is a 404).
 *
 * Every event has an id: `<the newest reply id this stream has passed>.<its event count>`.
 * A client that reconnects with `Last-Event-ID` is sent the thread's visible replies it
 * missed after that reply, and its current unread count; a stream's first `id:` line (with
 * no data, so no event) says where it starts. A comment every 25 s keeps proxies from
 * closing an idle stream. Open streams are bounded per IP and per identity on each
 * instance (RATE_LIMITS `events-ip`, `events-identity`); on shutdown every stream is ended
 * before the database closes.
 */
import type { ServerResponse } from 'node:http';
import { LIVE_EVENTS, type UnavailableEvent } from '@dating/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Db } from '../db/connection.ts';
import type { Owner } from '../db/rows.ts';
import { visibleRepliesAfter } from '../repositories/answers.ts';
import { recipientKey } from '../repositories/notifications.ts';
import type { UnreadCounts } from './unread-counts.ts';

export const HEARTBEAT_MS = 25_000;
/** The most missed replies sent to a stream that resumes; the client reloads beyond that. */
const RESUME_MAX = 100;

interface Stream {
  res: ServerResponse;
  ip: string;
  recipient: string | null;
  recipientAuthor: Owner | null;
  question: number | null;
  /** Whether it goes on when its question is hidden: its asker's, an admin's. */
  keepsHidden: boolean;
  /** The newest reply id passed on this stream. */
  lastReply: number;
  sent: number;
}

export interface StreamLimits {
  perIp: number;
  perIdentity: number;
}

export interface OpenStream {
  ip: string;
  recipient: Owner | null;
  question: number | null;
  /** Whether the viewer sees the question when it is hidden (presenters/ownership.ts). */
  keepsHidden: boolean;
  /** Where the thread's replies start for this stream: its Last-Event-ID, or the newest now. */
  after: number;
  resumed: boolean;
}

/** Parses `Last-Event-ID`: the reply id it carries, or null when absent or unreadable. */
export function resumePoint(header: string | undefined): number | null {
  const match = /^(\d{1,10})\.\d{1,15}$/.exec(header ?? '');
  const id = Number(match?.[1]);
  return match && id <= 2_147_483_647 ? id : null;
}

export class LiveEvents {
  private readonly streams = new Set<Stream>();
  private readonly byRecipient = new Map<string, Set<Stream>>();
  private readonly byQuestion = new Map<number, Set<Stream>>();
  private readonly perIp = new Map<string, number>();
  /** Recipients whose count is to be read again, gathered over one turn of the loop. */
  private readonly stale = new Set<string>();
  private heartbeat: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly unread: UnreadCounts,
    private readonly limits: StreamLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts hearing the database's changes and beating the heart of every stream. */
  async start(feed: ChangeFeed) {
    this.stopListening = await feed.listen(
      (payload) => this.hear(payload),
      () => this.resync(),
    );
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.res.write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Ends every stream (clients reconnect elsewhere) and stops listening. */
  async stop() {
    clearInterval(this.heartbeat);
    for (const stream of [...this.streams]) stream.res.end();
    await this.stopListening?.();
    this.stopListening = null;
  }

  /** Whether one more stream from this IP and identity is allowed. */
  admits(ip: string, recipient: Owner | null): boolean {
    if ((this.perIp.get(ip) ?? 0) >= this.limits.perIp) return false;
    if (recipient === null) return true;
    return (this.byRecipient.get(recipientKey(recipient))?.size ?? 0) < this.limits.perIdentity;
  }

  /** Serves a stream on `res` (already answered 200 with the event-stream headers). */
  async open(res: ServerResponse, open: OpenStream) {
    const stream: Stream = {
      res,
      ip: open.ip,
      recipient: open.recipient === null ? null : recipientKey(open.recipient),
      recipientAuthor: open.recipient,
      question: open.question,
      keepsHidden: open.keepsHidden,
      lastReply: open.after,
      sent: 0,
    };
    this.add(stream);
    res.once('close', () => this.remove(stream));
    res.write(`retry: 3000\nid: ${this.idOf(stream)}\n\n`);
    if (open.resumed && open.question !== null) await this.sendMissedReplies(stream);
    if (stream.recipientAuthor !== null) await this.sendUnread([stream], stream.recipientAuthor);
  }

  private add(stream: Stream) {
    this.streams.add(stream);
    this.perIp.set(stream.ip, (this.perIp.get(stream.ip) ?? 0) + 1);
    if (stream.recipient !== null) addTo(this.byRecipient, stream.recipient, stream);
    if (stream.question !== null) addTo(this.byQuestion, stream.question, stream);
  }

  private remove(stream: Stream) {
    if (!this.streams.delete(stream)) return;
    const fromIp = (this.perIp.get(stream.ip) ?? 1) - 1;
    if (fromIp === 0) this.perIp.delete(stream.ip);
    else this.perIp.set(stream.ip, fromIp);
    if (stream.recipient !== null) removeFrom(this.byRecipient, stream.recipient, stream);
    if (stream.question !== null) removeFrom(this.byQuestion, stream.question, stream);
  }

  private idOf(stream: Stream) {
    return `${stream.lastReply}.${stream.sent}`;
  }

  private send(stream: Stream, event: string, data: unknown) {
    stream.sent += 1;
    stream.res.write(
      `id: ${this.idOf(stream)}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
    );
  }

  /** One payload of the change feed (migration 0013). */
  private hear(payload: string) {
    if (payload.startsWith('n:')) {
      const recipient = payload.slice(2);
      if (!this.byRecipient.has(recipient)) return;
      if (this.stale.size === 0) this.readStaleSoon();
      this.stale.add(recipient);
      return;
    }
    const gone = /^([hd]):(\d+)$/.exec(payload);
    if (gone !== null) {
      this.unavailable(Number(gone[2]), gone[1] === 'h');
      return;
    }
    const reply = /^r:(\d+):(\d+)$/.exec(payload);
    if (reply === null) return;
    const question = Number(reply[1]);
    const answer = Number(reply[2]);
    for (const stream of this.byQuestion.get(question) ?? []) {
      if (answer <= stream.lastReply) continue;
      stream.lastReply = answer;
      this.send(stream, 'reply', { question, answer });
    }
  }

  /**
   * The question is deleted, or hidden (`hidden`): each stream on it that may no longer
   * show it is told so, and ends (the client opens another without the thread).
   */
  private unavailable(question: number, hidden: boolean) {
    for (const stream of [...(this.byQuestion.get(question) ?? [])]) {
      if (hidden && stream.keepsHidden) continue;
      this.send(stream, LIVE_EVENTS.unavailable, { question } satisfies UnavailableEvent);
      stream.res.end();
      this.remove(stream);
    }
  }

  /** Reads the stale counts on the next turn (the feed calls under no request's deadline). */
  private readStaleSoon() {
    setImmediate(() => this.readStale());
  }

  /** Reads each stale recipient's count once, and tells their streams. */
  private readStale() {
    const recipients = [...this.stale];
    this.stale.clear();
    for (const recipient of recipients) {
      const streams = [...(this.byRecipient.get(recipient) ?? [])];
      const author = streams[0]?.recipientAuthor;
      if (author) void this.sendUnread(streams, author);
    }
  }

  private async sendUnread(streams: Stream[], recipient: Owner) {
    try {
      const unread = await this.unread.get(recipient);
      for (const stream of streams) {
        if (this.streams.has(stream)) this.send(stream, 'notification', { unread });
      }
    } catch (error) {
      this.log.warn({ err: error }, 'could not read an unread count for a live stream');
    }
  }

  private async sendMissedReplies(stream: Stream) {
    if (stream.question === null) return;
    try {
      const missed = await visibleRepliesAfter(
        this.db,
        stream.question,
        stream.lastReply,
        RESUME_MAX,
      );
      for (const answer of missed) {
        stream.lastReply = answer;
        this.send(stream, 'reply', { question: stream.question, answer });
      }
    } catch (error) {
      this.log.warn({ err: error }, 'could not resume a live stream');
    }
  }

  /** The feed may have missed changes: every stream gets its state again. */
  private resync() {
    for (const stream of this.streams) {
      if (stream.question !== null) void this.sendMissedReplies(stream);
    }
    const wasEmpty = this.stale.size === 0;
    for (const recipient of this.byRecipient.keys()) this.stale.add(recipient);
    if (wasEmpty && this.stale.size > 0) this.readStaleSoon();
  }

  get size() {
    return this.streams.size;
  }
}

function addTo<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream) {
  const set = map.get(key) ?? new Set<Stream>();
  set.add(stream);
  map.set(key, set);
}

function removeFrom<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream) {
  const set = map.get(key);
  set?.delete(stream);
  if (set?.size === 0) map.delete(key);
}
