/**
 * The feed's state in the URL (`/?q=...&tag=...&gender=W&age_range=26-35&sort=top`), so that Back and
 * Forward restore it and a copied address shows the same list. One row per parameter: its
 * name in the address, its name in `GET /api/questions/`, how an address value is read (a
 * value that does not read is dropped), and whether it filters (the heading says 'Results').
 * A new parameter is one more row. The sort is not a filter: it orders whatever is shown,
 * and 'Clear filters' keeps it. The web app and the server (which reads a page address to
 * send the first screen's data with the HTML) both read addresses with this one table.
 */
import {
  AGE_RANGES,
  type AgeRange,
  FEED_SORT_DEFAULT,
  FEED_SORTS,
  type FeedSort,
  GENDERS,
  type Gender,
} from './enums.ts';
import { ALL_LANGUAGES, defaultFeedLanguages, readLanguageFilter } from './languages.ts';
import { LIMITS } from './limits.ts';
import type { FeedApiQuery } from './schemas/questions.ts';

interface Param<V extends string> {
  url: string;
  api: string;
  read: (raw: string) => V | undefined;
  /** Counts as a filter (the list heading becomes 'Results'). */
  filters: boolean;
  /** The value meant when the address has none; never written to the address. */
  fallback?: V;
}

const text = (raw: string) => raw.trim().slice(0, LIMITS.searchMax) || undefined;
const oneOf =
  <V extends string>(values: readonly V[]) =>
  (raw: string) =>
    (values as readonly string[]).includes(raw) ? (raw as V) : undefined;

const languages = (raw: string) => {
  const read = readLanguageFilter(raw);
  if (read === null || read === undefined) return undefined;
  return read === ALL_LANGUAGES ? read : read.join(',');
};

export const FEED_PARAMS = {
  search: { url: 'q', api: 'search', read: text, filters: true },
  tag: { url: 'tag', api: 'tag_id', read: text, filters: true },
  gender: { url: 'gender', api: 'gender', read: oneOf<Gender>(GENDERS), filters: true },
  age_range: {
    url: 'age_range',
    api: 'age_range',
    read: oneOf<AgeRange>(AGE_RANGES),
    filters: true,
  },
  sort: {
    url: 'sort',
    api: 'sort',
    read: oneOf<FeedSort>(FEED_SORTS),
    filters: false,
    fallback: FEED_SORT_DEFAULT,
  },
  // Only questions whose asker added updates; `false` means no filter.
  has_updates: { url: 'has_updates', api: 'has_updates', read: oneOf(['true']), filters: true },
  // The languages the questions are written in: `es,en` or `all`. Absent, the feed asks for
  // the page's language plus English (`feedApiQuery`). Like the sort, a preference kept by
  // 'Clear filters', not a filter that makes the heading 'Results'.
  language: { url: 'language', api: 'language', read: languages, filters: false },
} satisfies Record<string, Param<string>>;

type Params = typeof FEED_PARAMS;
export type FeedKey = keyof Params;

/** The feed's state: only the parameters that are set. */
export type FeedState = {
  [K in FeedKey]?: Exclude<ReturnType<Params[K]['read']>, undefined>;
};

const KEYS = Object.keys(FEED_PARAMS) as FeedKey[];

function param(key: FeedKey): Param<string> {
  return FEED_PARAMS[key];
}

/** Reads the state from an address's query; unknown and unreadable values are dropped. */
export function readFeedState(query: URLSearchParams): FeedState {
  const state: Record<string, string> = {};
  for (const key of KEYS) {
    const { url, read, fallback } = param(key);
    const raw = query.get(url);
    const value = raw === null ? undefined : read(raw);
    if (value !== undefined && value !== fallback) state[key] = value;
  }
  return state as FeedState;
}

/** The query of the address that shows this state, in a fixed order ('' for the plain feed). */
export function feedQuery(state: FeedState): string {
  const query = new URLSearchParams();
  for (const key of KEYS) {
    const value = state[key];
    if (value !== undefined && value !== '' && value !== param(key).fallback) {
      query.set(param(key).url, value);
    }
  }
  return query.toString();
}

/** The feed's address for this state: '/' or '/?tag=trust'. */
export function feedHref(state: FeedState): string {
  const query = feedQuery(state);
  return query ? `/?${query}` : '/';
}

/**
 * The parameters of `GET /api/questions/` for this state. With `pageLanguage` (the feed's,
 * not one's own questions), a state without languages asks for that language plus English
 * (`defaultFeedLanguages`), the same on the server drawing the first screen and in the app.
 */
export function feedApiQuery(state: FeedState, options?: { pageLanguage: string }): FeedApiQuery {
  const query: Record<string, string> = {};
  for (const key of KEYS) {
    const value = state[key];
    if (value !== undefined) query[param(key).api] = value;
  }
  if (options !== undefined && state.language === undefined) {
    query.language = defaultFeedLanguages(options.pageLanguage);
  }
  // Each value was read by its row's `read`, which gives only that parameter's values.
  return query as FeedApiQuery;
}

/** Whether any filter is set (the heading reads 'Results', spec §2). */
export function isFiltering(state: FeedState): boolean {
  return KEYS.some((key) => param(key).filters && state[key] !== undefined);
}

/** The state with every filter cleared (what is not a filter, such as an order, stays). */
export function withoutFilters(state: FeedState): FeedState {
  const next: Record<string, string> = {};
  for (const key of KEYS) {
    const value = state[key];
    if (value !== undefined && !param(key).filters) next[key] = value;
  }
  return next as FeedState;
}
