import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache', () => {
  it('keeps values until their total weight passes the bound, dropping the oldest first', () => {
    const cache = new LruCache<string, number>(10);
    cache.set('a', 1, 4);
    cache.set('b', 2, 4);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3, 4); // 12 > 10: b, the least recently used, goes
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.weight).toBe(8);
  });

  it('replaces a value under the same key and accounts its new weight', () => {
    const cache = new LruCache<string, string>(10);
    cache.set('a', 'x', 6);
    cache.set('a', 'y', 3);
    expect(cache.get('a')).toBe('y');
    expect(cache.weight).toBe(3);
    expect(cache.size).toBe(1);
  });

  it('never holds a value heavier than the bound', () => {
    const cache = new LruCache<string, string>(10);
    cache.set('a', 'small', 2);
    cache.set('huge', 'x', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('small');
  });

  it('deletes', () => {
    const cache = new LruCache<number, string>(10);
    cache.set(1, 'one', 5);
    cache.delete(1);
    cache.delete(2);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.weight).toBe(0);
  });
});
