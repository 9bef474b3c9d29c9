/**
 * Unread counts kept in memory, so that the bell's poll (`GET /api/notifications/unread/`)
 * and the live streams seldom reach the database. A kept count is trusted only as long as
 * nothing can have changed it unheard:
 *
 * - the database's change feed (db/change-feed.ts) says `n:<inbox>` after every committed
 *   change of an inbox, on any instance: the kept count is dropped;
 * - while the feed is not heard (before it starts, or with its connection lost) nothing is
 *   kept, and when it is back (`onGap`) everything kept before is dropped;
 * - a write of this process (repositories/notifications.ts `watchInboxWrites`) makes the
 *   inbox's count read from the database for LOCAL_WRITE_DISTRUST_MS: its own commit's
 *   announcement may reach the feed's connection a moment after the writer's answer, and
 *   a person who marks everything read, then asks, must see 0.
 *
 * A change made on another instance is seen here as soon as its announcement arrives, as
 * the live streams see it. A count read while its inbox changes is not kept.
 */
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Db } from '../db/connection.ts';
import type { Owner } from '../db/rows.ts';
import { countUnread, recipientKey, watchInboxWrites } from '../repositories/notifications.ts';

/** How long a local write keeps its inbox's count from being kept: far beyond the feed's lag. */
export const LOCAL_WRITE_DISTRUST_MS = 2_000;
/** The most inboxes kept; the oldest kept goes first. 100,000 counts are a few megabytes. */
const MAX_KEPT = 100_000;

interface Reading {
  promise: Promise<number>;
  /** The inbox changed while this reading was under way: its result is not kept. */
  outdated: boolean;
}

export class UnreadCounts {
  private readonly kept = new Map<string, number>();
  private readonly readings = new Map<string, Reading>();
  /** Inboxes written by this process, and until when their counts are not kept. */
  private readonly distrusted = new Map<string, number>();
  private started = false;
  /** False from the moment the feed's connection is lost until it is back. */
  private connected = true;
  private stopListening: (() => Promise<void>) | null = null;
  private stopWatching: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts hearing the change feed; counts are kept from then on. */
  async start(feed: ChangeFeed) {
    this.stopWatching = watchInboxWrites((recipients) => {
      const until = this.now() + LOCAL_WRITE_DISTRUST_MS;
      for (const recipient of recipients) {
        this.forget(recipient);
        this.distrusted.set(recipient, until);
      }
      if (this.distrusted.size > MAX_KEPT) this.dropExpiredDistrust();
    });
    this.stopListening = await feed.listen(
      (payload) => {
        if (payload.startsWith('n:')) this.forget(payload.slice(2));
      },
      () => {
        this.forgetAll();
        this.connected = true;
      },
      () => {
        this.connected = false;
        this.forgetAll();
      },
    );
    this.started = true;
  }

  async stop() {
    this.started = false;
    this.forgetAll();
    this.stopWatching?.();
    this.stopWatching = null;
    await this.stopListening?.();
    this.stopListening = null;
  }

  /** The recipient's unread count: the kept one, or the database's (kept when it may be). */
  async get(recipient: Owner): Promise<number> {
    const key = recipientKey(recipient);
    const kept = this.kept.get(key);
    if (kept !== undefined) return kept;
    if (!this.heard || this.isDistrusted(key)) return countUnread(this.db, recipient);
    const current = this.readings.get(key);
    if (current) return current.promise;
    const reading: Reading = { promise: countUnread(this.db, recipient), outdated: false };
    this.readings.set(key, reading);
    try {
      const count = await reading.promise;
      if (!reading.outdated && this.heard) this.keep(key, count);
      return count;
    } finally {
      if (this.readings.get(key) === reading) this.readings.delete(key);
    }
  }

  get size() {
    return this.kept.size;
  }

  /** Whether every change of an inbox is heard now, so that a count may be kept. */
  private get heard() {
    return this.started && this.connected;
  }

  private keep(key: string, count: number) {
    if (this.kept.size >= MAX_KEPT) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(key, count);
  }

  private isDistrusted(key: string) {
    const until = this.distrusted.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.distrusted.delete(key);
    return false;
  }

  private dropExpiredDistrust() {
    const now = this.now();
    for (const [key, until] of this.distrusted) if (until <= now) this.distrusted.delete(key);
  }

  /** The inbox changed: its kept count goes, and a reading under way will not be kept. */
  private forget(key: string) {
    this.kept.delete(key);
    const reading = this.readings.get(key);
    if (reading) {
      reading.outdated = true;
      this.readings.delete(key);
    }
  }

  private forgetAll() {
    this.kept.clear();
    for (const reading of this.readings.values()) reading.outdated = true;
    this.readings.clear();
  }
}
