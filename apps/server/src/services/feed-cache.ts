/**
 * The strangers' feed from memory. Most traffic is people reading the first pages of the
 * feed and its popular filters without being anyone: no account, no private key. Their
 * list responses are kept per process as the bytes sent, with a strong ETag, and served
 * while the feed version (migration 0012) is the one they were read at.
 *
 * Exact: no stranger ever gets a list older than the last write committed before their
 * request began. Every write that can change a list bumps the version in its own
 * transaction, and each request reads the version with a query sent after the request
 * arrived (`VersionProbe`), so a write whose commit was acknowledged before then is
 * counted; a kept page is served only at the version it was read at, and a page is always
 * read after its version. Every process checks for itself: nothing to coordinate, nothing
 * lost when a connection drops.
 *
 * Private: what is kept is always a stranger's page (read with no identity), and it is sent
 * to a request with a private key only when that key would see exactly the same page
 * (`keySeesStrangersPage`, which asks presenters/ownership.ts `seesAsStranger`). A list differs for a key only on its own items: its `session_id`
 * on the questions it asked, its hidden questions (listed for it alone), what it liked. The
 * page keeps who wrote each question (in memory, never sent), and one query asks whether the
 * key likes one of them or owns a hidden question. Browsers send their tab's key on every
 * read, so this is what lets the site's own visitors share the kept pages. Accounts are
 * read afresh (an admin sees every hidden question).
 *
 * A search's first page is kept only when its words are common: at least
 * SEARCH_KEPT_MIN_MATCHES questions match. Words are what a visitor typed, and a kept page
 * answers sooner: keeping a rare search would let anyone who times a search learn that
 * someone else just searched those words. A common word tells nothing of the kind, and it is
 * the one that costs the database most. Later pages of a search are not kept. What is kept
 * stays in this process's memory, is never logged, and goes with the next write.
 */
import { createHash } from 'node:crypto';
import type { QuestionListQuery } from '@dating/contract';
import { CompiledQuery } from 'kysely';
import type { Viewer } from '../auth/identity.ts';
import type { Executor } from '../db/connection.ts';
import { PREPARED_MARK } from '../db/prepared.ts';
import { LruCache } from '../lib/lru-cache.ts';
import { SharedReads } from '../lib/shared-reads.ts';
import { seesAsStranger } from '../presenters/ownership.ts';
import { keyMarksFeed } from '../repositories/questions.ts';
import type { QuestionAuthor } from './feed.ts';

/** A search's first page is kept only when at least this many questions match it. */
export const SEARCH_KEPT_MIN_MATCHES = 100;
/** The bound on what is kept, in bytes, roughly (see `weightOf`). */
const MAX_KEPT_BYTES = 32_000_000;
/** What an entry costs beyond its body and key: the objects, the ETag, the cursor. */
const BYTES_PER_ENTRY = 400;

/** A list response as strangers get it, ready to send. */
export interface StrangersPage {
  /** The response's JSON, serialized by the route's response schema. */
  body: Buffer;
  /** A strong validator: a digest of the body and of where the next page starts. */
  etag: string;
  /** The next page's cursor, or null on the last page (the Link header is the request's). */
  next: string | null;
  /** Who wrote each question of the page; never sent. */
  authors: readonly QuestionAuthor[];
  /** A search's first page: how many questions match (X-Total-Count); null otherwise. */
  total: number | null;
}

interface KeptPage extends StrangersPage {
  /** The feed version the page was read at (or after). */
  version: bigint;
}

/** What a fresh read of a page gives: its JSON and its next cursor. */
export interface FreshPage {
  json: string;
  next: string | null;
  authors: readonly QuestionAuthor[];
  /** A search's first page: how many questions match. */
  total?: number | null;
}

/**
 * Whether this list request may be answered with a strangers' page: no account, and no
 * search beyond its first page. With a private key, only if `keySeesStrangersPage` then
 * says so.
 */
export function isStrangersList(viewer: Viewer, query: QuestionListQuery): boolean {
  return viewer.user === null && (query.search === undefined || query.cursor === undefined);
}

/** Whether a fresh page may be kept: any list's, and a search's only when it is common. */
function mayKeep(query: QuestionListQuery, page: FreshPage): boolean {
  if ((query.search?.trim() ?? '') === '') return true;
  return (page.total ?? 0) >= SEARCH_KEPT_MIN_MATCHES;
}

/**
 * Whether `viewer` sees `page` exactly as a stranger does: no identity, or a private key
 * that asked none of its questions, likes none of them and owns no hidden question. The
 * query is sent after the request arrived, like the version read, so it sees every write
 * committed before then.
 */
export async function keySeesStrangersPage(
  db: Executor,
  viewer: Viewer,
  page: StrangersPage,
): Promise<boolean> {
  // Accounts are read afresh: what marks a page for one is not gathered here.
  if (viewer.user !== null) return false;
  const marks =
    viewer.sessionHash === null || viewer.activity === null
      ? { likesAny: false, ownsHidden: false }
      : await keyMarksFeed(
          db,
          viewer.sessionHash,
          viewer.activity,
          page.authors.map((author) => author.id),
        );
  // A list shows no `following`: following a question changes none of it.
  return seesAsStranger(viewer, { posts: page.authors, ...marks, follows: false });
}

/** The current feed version: the sum of its counters (migration 0012). */
export async function readFeedVersion(db: Executor): Promise<bigint> {
  const result = await db.executeQuery<{ version: string }>(
    CompiledQuery.raw(`${PREPARED_MARK}SELECT sum(version)::text AS version FROM feed_versions`),
  );
  return BigInt(result.rows[0]?.version ?? '0');
}

/**
 * Reads the feed version for many requests at once (lib/shared-reads.ts): a request uses
 * a read sent after it arrived, shared with every request arriving meanwhile.
 */
export class VersionProbe {
  private readonly reads: SharedReads<'version', bigint>;

  constructor(read: () => Promise<bigint>) {
    this.reads = new SharedReads(read);
  }

  current(): Promise<bigint> {
    return this.reads.get('version');
  }
}

/**
 * The cache key: the whole parsed query, every field in a fixed order, so that a parameter
 * added to the list is part of the key without anyone remembering to add it here.
 */
export function keyOf(query: QuestionListQuery): string {
  const fields = query as Record<string, unknown>;
  return JSON.stringify(
    Object.keys(fields)
      .filter((name) => fields[name] !== undefined)
      .sort()
      .map((name) => [name, fields[name]]),
  );
}

function etagOf(json: string, next: string | null, total: number | null): string {
  const digest = createHash('sha256')
    .update(json)
    .update('\n')
    .update(next ?? '')
    .update('\n')
    .update(total === null ? '' : String(total))
    .digest();
  return `"${digest.toString('base64url').slice(0, 32)}"`;
}

export class FeedCache {
  private readonly kept: LruCache<string, KeptPage>;
  /** Reads in progress, by version and key: concurrent misses share one. */
  private readonly reading = new Map<string, Promise<KeptPage>>();
  /**
   * The version as each server says it, read from the executor that then reads the page.
   * With replicas (db/read-replicas.ts), a request may be served by a replica that lags:
   * its page must be read after its version, on the same server, so that the page is at
   * least as new as the version it is kept under. (A version read on the primary and a
   * page read on a lagging replica would keep the replica's older page under the
   * primary's newer version, and serve it to whoever then needs that version, the writer
   * of the last change among them.) A server's replay only moves forward, so a statement
   * sent after another on the same server sees at least what that one saw. Pages of any
   * server then share one cache: a page is kept under the version it was read at, and
   * served to a request whose own server says the same version.
   */
  private readonly versions = new WeakMap<Executor, VersionProbe>();

  constructor(
    private readonly readVersion: (db: Executor) => Promise<bigint>,
    maxBytes = MAX_KEPT_BYTES,
  ) {
    this.kept = new LruCache(maxBytes);
  }

  /** The current feed version as `db` says it (read after the call, shared; see VersionProbe). */
  private version(db: Executor): Promise<bigint> {
    let probe = this.versions.get(db);
    if (probe === undefined) {
      probe = new VersionProbe(() => this.readVersion(db));
      this.versions.set(db, probe);
    }
    return probe.current();
  }

  /**
   * The strangers' page for `query`: kept, when it was read at the current version (as
   * `db` says it); otherwise read with `fresh`, which must read from `db` (once for every
   * request that wants it at this version), and kept.
   */
  page(
    db: Executor,
    query: QuestionListQuery,
    fresh: () => Promise<FreshPage>,
  ): Promise<StrangersPage> {
    return this.byKey(db, keyOf(query), fresh, (page) => mayKeep(query, page));
  }

  /**
   * The strangers' page for `query` if one is kept at the current version, without reading
   * it otherwise: for callers that cannot write the list route's bytes (the page's HTML,
   * services/initial-data.ts), which read the database themselves on a miss.
   */
  async peek(db: Executor, query: QuestionListQuery): Promise<StrangersPage | null> {
    const version = await this.version(db);
    const kept = this.kept.get(keyOf(query));
    return kept?.version === version ? kept : null;
  }

  /**
   * The tag list with its counts (`GET /api/tags/`), kept like a page: every change to the
   * counts (a question, its tags, a tag, a question hidden or shown) bumps the same version,
   * and it is the same for everyone.
   */
  tagCounts(db: Executor, fresh: () => Promise<FreshPage>): Promise<StrangersPage> {
    // No query's key starts like this (keyOf gives a JSON array).
    return this.byKey(db, 'tags', fresh);
  }

  private async byKey(
    db: Executor,
    key: string,
    fresh: () => Promise<FreshPage>,
    mayKeepPage: (page: FreshPage) => boolean = () => true,
  ): Promise<StrangersPage> {
    const version = await this.version(db);
    const kept = this.kept.get(key);
    if (kept?.version === version) return kept;
    // Every request of this version can share a read started after the version was read:
    // the version did not change between their reads, so nothing committed in between.
    // (Whichever server that read runs on, it runs after that server said this version,
    // so it is at least this version's page.)
    const readKey = `${version}\u0000${key}`;
    let reading = this.reading.get(readKey);
    if (reading === undefined) {
      reading = this.read(key, version, fresh, mayKeepPage).finally(() =>
        this.reading.delete(readKey),
      );
      this.reading.set(readKey, reading);
    }
    return reading;
  }

  private async read(
    key: string,
    version: bigint,
    fresh: () => Promise<FreshPage>,
    mayKeepPage: (page: FreshPage) => boolean,
  ): Promise<KeptPage> {
    const read = await fresh();
    const { json, next, authors } = read;
    const total = read.total ?? null;
    const page: KeptPage = {
      body: Buffer.from(json),
      etag: etagOf(json, next, total),
      next,
      authors,
      total,
      version,
    };
    if (!mayKeepPage(read)) return page;
    const current = this.kept.get(key);
    // A slower read of an older version does not replace a newer one.
    if (current === undefined || current.version <= version) {
      const weight = page.body.length + key.length * 2 + authors.length * 64 + BYTES_PER_ENTRY;
      this.kept.set(key, page, weight);
    }
    return page;
  }

  /** How much is kept (tests, diagnostics). */
  get size(): number {
    return this.kept.size;
  }
}
