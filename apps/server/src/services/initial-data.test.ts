/**
 * The page address is read as the web app reads it (packages/contract/src/feed-params.ts
 * and its test): the same cases, in the API's names.
 */
import { describe, expect, it } from 'vitest';
import { feedFiltersOfPage } from './initial-data.ts';

// The languages' default (the page's language and English) is on every read; its own case
// is the last.
const read = (query: string) => {
  const { language, ...filters } = feedFiltersOfPage(new URLSearchParams(query), 'en');
  expect(language).toBe('en');
  return filters;
};

describe("the feed's filters in a page address", () => {
  it('reads search, tag, gender and age, in the API names', () => {
    expect(read('q=first+date&tag=trust&gender=W&age_range=26-35')).toEqual({
      search: 'first date',
      tag_id: 'trust',
      gender: 'W',
      age_range: '26-35',
    });
    expect(read('')).toEqual({});
  });

  it('reads the sort and the updates filter as the web app does: the default sort is no sort', () => {
    expect(read('sort=top&has_updates=true')).toEqual({ sort: 'top', has_updates: 'true' });
    expect(read('sort=new&has_updates=false')).toEqual({});
    expect(read('sort=hot&has_updates=yes')).toEqual({});
  });

  it('drops what does not read: unknown codes, blank text, unknown parameters', () => {
    expect(read('gender=X&age_range=99&q=%20%20&tag=&sort=weird&foo=bar')).toEqual({});
    expect(read('age_range=45%2B')).toEqual({ age_range: '45+' });
  });

  it('trims the search and bounds its length', () => {
    expect(read('q=%20hello%20')).toEqual({ search: 'hello' });
    expect(read(`q=${'a'.repeat(500)}`).search).toHaveLength(200);
  });

  it('asks for the page language and English unless the address names languages', () => {
    const languages = (query: string, locale: 'en' | 'es' | 'ar' = 'en') =>
      feedFiltersOfPage(new URLSearchParams(query), locale).language;
    expect(languages('')).toBe('en');
    expect(languages('', 'es')).toBe('es,en');
    expect(languages('', 'ar')).toBe('ar,en');
    expect(languages('language=ar,es')).toBe('ar,es');
    expect(languages('language=es', 'ar')).toBe('es');
    expect(languages('language=all', 'ar')).toBe('all');
    expect(languages('language=xx', 'ar')).toBe('ar,en');
  });
});
