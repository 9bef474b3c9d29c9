import type { ChangeFeed } from '../db/change-feed.ts';
import type { Db, Executor } from '../db/connection.ts';
import { fieldError, message } from '../lib/http-errors.ts';
import { type WatchedWordMatch, WatchedWordMatcher } from '../lib/watched-words.ts';
import { findPostAuthor, insertLogEntry, setHidden } from '../repositories/moderation.ts';
import { dropNotificationsOf } from '../repositories/notifications.ts';
import type { ReportTarget } from '../repositories/reports.ts';
import {
  insertSystemReport,
  readWatchedWords,
  readWatchedWordsVersion,
  requeuedToday,
} from '../repositories/watched-words.ts';

export class WatchedWords {
  private compiled: { version: string; matcher: WatchedWordMatcher } | null = null;
  /** Bumped by every change heard: a read begun before it may not be trusted. */
  private generation = 0;
  /** The feed is heard: the kept matcher is current until it says otherwise. */
  private listening = false;
  private fresh = false;
  private loading: Promise<WatchedWordMatcher> | null = null;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly db: Db) {}

  async start(feed: ChangeFeed) {
    let lost = false;
    this.stopListening = await feed.listen(
      (payload) => {
        if (payload === 'w:') this.changed();
      },
      () => {
        this.listening = true;
        this.changed();
      },
      () => {
        lost = true;
        this.listening = false;
        this.changed();
      },
    );
    if (!lost) this.listening = true;
  }

  async stop() {
    this.listening = false;
    this.changed();
    await this.stopListening?.();
    this.stopListening = null;
  }

  /** The rules changed (heard on the feed, or changed here). */
  changed() {
    this.generation += 1;
    this.fresh = false;
  }

  /** The matcher of the rules in force. */
  matcher(): Promise<WatchedWordMatcher> {
    if (this.fresh && this.compiled) return Promise.resolve(this.compiled.matcher);
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<WatchedWordMatcher> {
    const generation = this.generation;
    const version = await readWatchedWordsVersion(this.db);
    if (this.compiled?.version !== version) {
      const read = await readWatchedWords(this.db);
      this.compiled = { version: read.version, matcher: new WatchedWordMatcher(read.rules) };
    }
    if (this.listening && this.generation === generation) this.fresh = true;
    return this.compiled.matcher;
  }

  /**
   * Matches a post's parts (each a field of the request and its texts): 400 on the first
   * field holding a `block` rule; else the strictest `review` or `flag` rule, or null.
   */
  async screen(fields: Record<string, readonly string[]>): Promise<WatchedWordMatch | null> {
    const matcher = await this.matcher();
    if (matcher.size === 0) return null;
    let found: WatchedWordMatch | null = null;
    for (const [field, texts] of Object.entries(fields)) {
      const match = matcher.match(texts);
      if (match === null) continue;
      if (match.action === 'block')
        throw fieldError(field, message('watchedWordBlocked', { rule: String(match.id) }));
      if (found === null || (match.action === 'review' && found.action === 'flag')) found = match;
    }
    return found;
  }
}

/**
 * A post holding a `review` or `flag` rule, just written (or edited) and locked: held hidden
 * for review, or flagged, with a report by the system. True when it was hidden now.
 */
export async function applyWatchedWord(
  tx: Executor,
  target: ReportTarget,
  match: WatchedWordMatch,
): Promise<boolean> {
  if (match.action === 'flag') {
    await insertSystemReport(tx, target, 'watched_word_flag', match.id);
    return false;
  }
  const report = await insertSystemReport(tx, target, 'watched_word_review', match.id);
  const hidden = await setHidden(tx, target, true, 'watched_word');
  if (hidden) {
    const post = await findPostAuthor(tx, target);
    await insertLogEntry(tx, {
      action: 'auto_hide',
      adminId: null,
      target,
      questionId: post?.questionId ?? null,
      reportId: report?.id ?? null,
    });
    // A reply's followers were told of it in its own statement: they are not pointed at it.
    await dropNotificationsOf(tx, target, 'hidden');
  }
  return hidden;
}

/**
 * Its author edited a hidden post (locked): it goes back to the queue as edited after
 * hiding, once a day at most; a second edit the same day is only saved.
 */
export async function requeueEditedPost(tx: Executor, target: ReportTarget) {
  if (await requeuedToday(tx, target)) return;
  await insertSystemReport(tx, target, 'edited_after_hiding', null);
}
