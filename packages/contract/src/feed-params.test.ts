import { describe, expect, it } from 'vitest';
import {
  feedApiQuery,
  feedHref,
  feedQuery,
  isFiltering,
  readFeedState,
  withoutFilters,
} from './feed-params.ts';

const read = (query: string) => readFeedState(new URLSearchParams(query));

describe('the feed state in the address', () => {
  it('reads search, tag, gender and age', () => {
    expect(read('q=first+date&tag=trust&gender=W&age_range=26-35')).toEqual({
      search: 'first date',
      tag: 'trust',
      gender: 'W',
      age_range: '26-35',
    });
    expect(read('')).toEqual({});
  });

  it('drops what does not read: unknown codes, blank text, unknown parameters', () => {
    expect(read('gender=X&age_range=99&q=%20%20&tag=&sort=weird&foo=bar')).toEqual({});
    expect(read('sort=TOP')).toEqual({});
    expect(read('age_range=45%2B')).toEqual({ age_range: '45+' });
  });

  it('trims the search and bounds its length', () => {
    expect(read('q=%20hello%20')).toEqual({ search: 'hello' });
    expect(read(`q=${'a'.repeat(500)}`).search).toHaveLength(200);
  });

  it('writes a canonical query that reads back the same', () => {
    const state = { age_range: '45+', tag: 'first date', search: 'nervous & shy', gender: 'NB' };
    const query = feedQuery(state as Parameters<typeof feedQuery>[0]);
    expect(query).toBe('q=nervous+%26+shy&tag=first+date&gender=NB&age_range=45%2B');
    expect(read(query)).toEqual(state);
    expect(feedQuery({})).toBe('');
  });

  it('links to the feed filtered by a tag', () => {
    expect(feedHref({ tag: 'trust' })).toBe('/?tag=trust');
    expect(feedHref({ tag: 'first date' })).toBe('/?tag=first+date');
    expect(feedHref({})).toBe('/');
  });

  it('calls the API with the spec parameter names', () => {
    expect(feedApiQuery(read('q=x&tag=trust&gender=M&age_range=18-25'))).toEqual({
      search: 'x',
      tag_id: 'trust',
      gender: 'M',
      age_range: '18-25',
    });
  });

  it('reads the languages, drops unknown codes, and asks for the page language plus English by default', () => {
    expect(read('language=ES,en')).toEqual({ language: 'es,en' });
    expect(read('language=all')).toEqual({ language: 'all' });
    expect(read('language=xx')).toEqual({});
    expect(feedHref({ language: 'ar' })).toBe('/?language=ar');
    expect(feedApiQuery({}, { pageLanguage: 'en' })).toEqual({ language: 'en' });
    expect(feedApiQuery({}, { pageLanguage: 'es' })).toEqual({ language: 'es,en' });
    expect(feedApiQuery({}, { pageLanguage: 'ar-EG' })).toEqual({ language: 'ar,en' });
    expect(feedApiQuery({ language: 'all' }, { pageLanguage: 'es' })).toEqual({ language: 'all' });
    // Without a page language (one's own questions), no filter.
    expect(feedApiQuery({})).toEqual({});
    // A preference like the sort: not a filter, kept by 'Clear filters'.
    expect(isFiltering({ language: 'es' })).toBe(false);
    expect(withoutFilters({ language: 'es', gender: 'W' })).toEqual({ language: 'es' });
  });

  it('knows whether a filter is set, and clears them', () => {
    expect(isFiltering({})).toBe(false);
    expect(isFiltering({ gender: 'W' })).toBe(true);
    expect(withoutFilters({ search: 'x', tag: 'y', gender: 'W', age_range: 'U' })).toEqual({});
  });

  it('keeps the sort: in the address after the filters, never the default, through Clear filters', () => {
    expect(read('sort=top&tag=trust')).toEqual({ sort: 'top', tag: 'trust' });
    expect(read('sort=new')).toEqual({});
    expect(feedQuery({ sort: 'unanswered', gender: 'W' })).toBe('gender=W&sort=unanswered');
    expect(feedQuery({ sort: 'new' })).toBe('');
    expect(feedApiQuery({ sort: 'active', search: 'x' })).toEqual({ sort: 'active', search: 'x' });
    expect(isFiltering({ sort: 'top' })).toBe(false);
    expect(withoutFilters({ sort: 'top', tag: 'trust', search: 'x' })).toEqual({ sort: 'top' });
  });
});

describe('the "With updates" filter in the address', () => {
  it('reads has_updates=true as a filter, and anything else as none', () => {
    expect(read('has_updates=true')).toEqual({ has_updates: 'true' });
    expect(read('has_updates=false')).toEqual({});
    expect(read('has_updates=1')).toEqual({});
    expect(isFiltering(read('has_updates=true'))).toBe(true);
  });

  it('writes it, passes it to the API, and clears it with the other filters', () => {
    const state = read('tag=trust&has_updates=true');
    expect(feedQuery(state)).toBe('tag=trust&has_updates=true');
    expect(feedApiQuery(state)).toEqual({ tag_id: 'trust', has_updates: 'true' });
    expect(withoutFilters(state)).toEqual({});
  });
});
