import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/connection.ts';
import { matchesEtag } from '../lib/kept-json.ts';
import { FeedCache, keyOf, VersionProbe } from './feed-cache.ts';

/** An executor as the cache sees it: only a key for its version reads (never queried here). */
const DB = {} as Executor;

/** A promise and the functions that settle it, for reads the test finishes by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('VersionProbe', () => {
  it('gives a request only a read sent after it arrived, shared with its neighbours', async () => {
    const reads: ReturnType<typeof deferred<bigint>>[] = [];
    const probe = new VersionProbe(() => {
      const read = deferred<bigint>();
      reads.push(read);
      return read.promise;
    });
    const first = probe.current();
    expect(reads).toHaveLength(1);
    // Arrived while the first read is on its way: they wait for the next, and share it.
    const second = probe.current();
    const third = probe.current();
    expect(reads).toHaveLength(1);
    reads[0]?.resolve(1n);
    expect(await first).toBe(1n);
    await Promise.resolve();
    await Promise.resolve();
    expect(reads).toHaveLength(2);
    reads[1]?.resolve(2n);
    expect([await second, await third]).toEqual([2n, 2n]);
    // Nothing in flight: a new request sends its own read at once.
    const fourth = probe.current();
    expect(reads).toHaveLength(3);
    reads[2]?.resolve(3n);
    expect(await fourth).toBe(3n);
  });

  it('fails the requests waiting behind a failed read with it; the next one reads again', async () => {
    const reads: ReturnType<typeof deferred<bigint>>[] = [];
    const probe = new VersionProbe(() => {
      const read = deferred<bigint>();
      reads.push(read);
      return read.promise;
    });
    const failing = probe.current();
    const waiting = probe.current();
    reads[0]?.reject(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await expect(waiting).rejects.toThrow('connection lost');
    expect(reads).toHaveLength(1);
    const next = probe.current();
    reads[1]?.resolve(5n);
    expect(await next).toBe(5n);
  });
});

describe('FeedCache', () => {
  const page =
    (json: string, next: string | null = null) =>
    async () => ({ json, next, authors: [] });

  it('serves a page while the version holds, and reads it again when the version moves', async () => {
    let version = 1n;
    const cache = new FeedCache(async () => version);
    let reads = 0;
    const fresh = async () => {
      reads += 1;
      return { json: `[${reads}]`, next: null, authors: [] };
    };
    const first = await cache.page(DB, {}, fresh);
    expect((await cache.page(DB, {}, fresh)).body).toBe(first.body);
    expect(reads).toBe(1);
    version = 2n;
    const second = await cache.page(DB, {}, fresh);
    expect(second.body.toString()).toBe('[2]');
    expect(second.etag).not.toBe(first.etag);
  });

  it('reads the version from the server that reads the page, so a lagging one keeps none of its pages under a newer version', async () => {
    const primary = {} as Executor;
    const replica = {} as Executor;
    const versions = new Map([
      [primary, 2n],
      [replica, 1n],
    ]);
    const cache = new FeedCache(async (db) => versions.get(db) ?? 0n);
    const fresh = (json: string) => async () => ({ json, next: null, authors: [] });
    // The replica has not replayed version 2: its page is kept under its own version 1.
    expect((await cache.page(replica, {}, fresh('["old"]'))).body.toString()).toBe('["old"]');
    // So the primary's reader, at version 2, reads afresh instead of getting the old page.
    expect((await cache.page(primary, {}, fresh('["new"]'))).body.toString()).toBe('["new"]');
    expect((await cache.page(primary, {}, fresh('["never"]'))).body.toString()).toBe('["new"]');
    // The lagging replica's later read does not replace the newer page.
    expect((await cache.page(replica, {}, fresh('["old"]'))).body.toString()).toBe('["old"]');
    expect((await cache.page(primary, {}, fresh('["never"]'))).body.toString()).toBe('["new"]');
    // Caught up: the replica's readers share the kept page.
    versions.set(replica, 2n);
    expect((await cache.page(replica, {}, fresh('["never"]'))).body.toString()).toBe('["new"]');
  });

  it('reads once for concurrent misses of one query at one version', async () => {
    const cache = new FeedCache(async () => 7n);
    const gate = deferred<void>();
    let reads = 0;
    const fresh = async () => {
      reads += 1;
      await gate.promise;
      return { json: '[]', next: null, authors: [] };
    };
    const pages = Array.from({ length: 10 }, () => cache.page(DB, { limit: 5 }, fresh));
    gate.resolve();
    const bodies = new Set((await Promise.all(pages)).map((p) => p.body));
    expect(bodies.size).toBe(1);
    expect(reads).toBe(1);
  });

  it('keeps nothing of a read that failed', async () => {
    const cache = new FeedCache(async () => 1n);
    await expect(
      cache.page(DB, { cursor: 'bad' }, async () => {
        throw new Error('400');
      }),
    ).rejects.toThrow('400');
    expect(cache.size).toBe(0);
  });

  it('gives the same bytes the same strong ETag, and a different next page another', async () => {
    const one = new FeedCache(async () => 1n);
    const two = new FeedCache(async () => 9n);
    const a = await one.page(DB, {}, page('[1]', 'c1'));
    expect((await two.page(DB, {}, page('[1]', 'c1'))).etag).toBe(a.etag);
    expect((await two.page(DB, { limit: 1 }, page('[1]', 'c2'))).etag).not.toBe(a.etag);
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });

  it('stays within its bound, dropping the least recently used', async () => {
    const cache = new FeedCache(async () => 1n, 3_000);
    const big = 'x'.repeat(1_000);
    for (let limit = 1; limit <= 5; limit += 1) {
      await cache.page(DB, { limit }, page(`["${big}"]`));
    }
    expect(cache.size).toBe(2);
  });
});

describe('keyOf', () => {
  it('is the whole query in a fixed order, unknown fields included', () => {
    expect(keyOf({ gender: 'W', age_range: '26-35' })).toBe(
      keyOf({ age_range: '26-35', gender: 'W' }),
    );
    expect(keyOf({ limit: 5 })).not.toBe(keyOf({}));
    // A parameter added to the list later is part of the key without a change here.
    const withSort = { sort: 'top' } as Record<string, unknown>;
    expect(keyOf(withSort)).not.toBe(keyOf({}));
    expect(keyOf({ limit: 5, cursor: undefined })).toBe(keyOf({ limit: 5 }));
  });
});

describe('matchesEtag', () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abd"', false],
    ['abc', false],
    ['', false],
  ])('%s -> %s', (header, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
  it('is false without the header', () => {
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
